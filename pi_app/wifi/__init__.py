"""The box's own Wi-Fi: a NetworkManager hotspot, and the answers that make phones land
on the game (`hotspot.py` drives nmcli, `portal.py` answers the systems' checks)."""
