"""Everything between the engines and untrusted bot processes: protocol, sandbox, runner, SDK."""
