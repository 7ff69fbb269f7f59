"""Rules shared by several expansions, each in one module owned by one plug-in (see
games/catan/README.md, "Shared mechanics")."""
