#!/bin/sh
# Any game: a uniformly random legal action, in POSIX shell and jq. It shows that a bot needs
# nothing but the protocol of docs/protocol.md: read a JSON line, answer {"action": INDEX}.
while IFS= read -r line; do
  case "$(printf '%s\n' "$line" | jq -r .type)" in
    act)
      count=$(printf '%s\n' "$line" | jq '.legal_actions | length')
      noise=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
      printf '{"action":%d}\n' $((noise % count))
      ;;
    end)
      echo "shell bot: game over" >&2
      exit 0
      ;;
  esac
done
