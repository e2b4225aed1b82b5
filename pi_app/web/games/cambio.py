"""Cambio from the phones: played on the box and from the host's phone (`HOST`, in
`cambio_host`); the players' phones follow the scores."""

from pi_app.web.games.cambio_host import HOST

__all__ = ["HOST"]
