"""Golden records: fixed matches whose outcome must not change by accident."""
