// A Cambio tournament on the host's phone: the same round's steps at the table chosen
// by its tab, and the standings across the tables and boxes (read only), drawn by
// Cambio's own part (static/host/cambio.js, joined after this file: it is looked up
// when the page draws).
"use strict";
registerHostGame("cambio-tournament", { render: (container, data, ctx) => cambioTables.render(container, data, ctx) });
