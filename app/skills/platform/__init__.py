"""The chat-platform layer: what every chat platform skill (Twitch, YouTube, Telegram...) needs, written once.

A platform is a client (the protocol), a parser (pure, in app.core), a settings model and a short skill built on
these parts: ChatRing (the dock's log), Tallies (lines counted for People in batches), Moderation (lines a
moderator removed never reach her and are flagged where stored), Background (blocking store work off the loop,
its failures said), SecretSlot (a token in the keyring) and Donations (a card at once). Its dock uses
app.skills.platform.dock. Skills reach the rest of the app only through their typed ports (app.skills.ports).
A client's task, state and backoff are Link (link.py). A platform reached with one bot token (Telegram,
Discord) is a TokenPlatform skill (token_platform.py: the token, restarts on its settings, the state and the
problem line), with the TokenPage settings page and the TokenDock dock.
"""
