"""Questions whose answer is a number: the built-in bank generated from open data,
packs a host imports, and the draw of a question for a round."""
