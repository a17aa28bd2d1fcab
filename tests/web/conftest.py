"""Fixtures: a live server on loopback and a client that speaks to it as the page does."""

from __future__ import annotations

import pytest

from tests.live_server import live_server

from .client import PageClient


@pytest.fixture()
def server():
    with live_server() as live:
        yield live


@pytest.fixture()
def client(server):
    c = PageClient(server)
    yield c
    c.close()
