"""Tests for the Python adapter kit: python3 -m unittest discover -s examples/python/tests -t examples/python"""
