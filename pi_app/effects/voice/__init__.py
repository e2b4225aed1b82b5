"""The box's voice: the table's moments said aloud in the box's language.

`voice.Voice` is the listener of the core's changes; `words` spells what it says for
a synthesiser (numbers, units, sentences of the `voice` catalogue); `speech` finds a
game's own words (`games.<game>`); `render` makes a WAV with espeak-ng off the loop;
`players` is where it is heard (the mixer, or a recorder in tests).
"""
