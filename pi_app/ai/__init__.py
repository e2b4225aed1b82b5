"""Computer opponents. They live outside `pi_app.rules` because a search with a time
budget reads a clock, which the rules never do; the clock is injected."""
