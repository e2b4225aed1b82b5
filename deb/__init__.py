"""The Debian package of the box (`python -m deb.build`)."""
