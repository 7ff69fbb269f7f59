"""Rules shared by several expansions, each in one module owned once (reference/expansions/
README.md, "Shared mechanics"): a plug-in imports the module it needs instead of writing a copy.
"""
