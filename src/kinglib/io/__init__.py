"""Input and output: match records (:mod:`~kinglib.io.record`) and their JSON schemas."""
