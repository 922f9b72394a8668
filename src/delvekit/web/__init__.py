"""The delvekit web app (``delve serve``): the monster mover, the odds calculator and a JSON API.

Needs the ``web`` extra (FastAPI, uvicorn, Jinja2). Build the application with
:func:`delvekit.web.app.create_app`.
"""
