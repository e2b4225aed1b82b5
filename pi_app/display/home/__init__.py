"""The home: the scene (`scene.HomeScene`) and its pages, one module each.

Outside code names the scene (`scene`) and what a tap on the home means (`targets`);
the pages are the scene's own. Nothing is imported here, so importing the targets does
not import the pages.
"""
