"""The site's pages: leaderboards, matches and the replay viewer, bots, tournaments, their forms
and pictures. It reads the match service (``tournament``) and the API's shared views; nothing
reads it."""
