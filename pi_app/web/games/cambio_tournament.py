"""A Cambio tournament from the phones: its tables' rounds from the host's phone
(`HOST`, in `cambio_host`), the standings read there; the players' phones follow."""

from pi_app.web.games.cambio_host import TOURNAMENT_HOST as HOST

__all__ = ["HOST"]
