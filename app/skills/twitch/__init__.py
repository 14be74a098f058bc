"""The Twitch skill: chat over IRC (read anonymously, write with her token), tallies, bits, subs, raids,
moderation."""
