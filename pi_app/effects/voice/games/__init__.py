"""Each game's own words (`speech.Speech`), one module per game, named as its rules."""
