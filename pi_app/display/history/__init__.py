"""The history: the scene and its page maker (`scene`), its statistics and its words.

Outside code names the scene's module only. Nothing is imported here.
"""
