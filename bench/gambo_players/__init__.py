"""Sparring partners for the Gambo opponent (see bench/gambo_ai.py)."""
