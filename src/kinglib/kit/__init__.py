"""The variant kit: the building blocks the built-in variants are made of."""
