"""The game server: tables, seats, live updates and event-sourced storage (the ``web`` extra).

``create_app(settings)`` builds the ASGI application; ``stonework serve`` runs it under uvicorn.
The API is described in ``docs/server.md``.
"""
