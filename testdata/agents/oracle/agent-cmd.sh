#!/usr/bin/env bash
# agent-cmd.sh : runs inside sandbox.sh (FAKE_PORT set). One non-interactive turn of $AGENT
# (claude | codex | gemini | opencode | copilot) with $PROMPT against the fake server on 127.0.0.1.
# Adapted from /work/shared/oracle/agents/agent-cmd.sh:
#  - extra CLI arguments come from the file $AGENT_ARGS_FILE (one argument per line), if set;
#  - Codex: the provider settings are passed as `-c` overrides, so a case's
#    $CODEX_HOME/config.toml is used unchanged (it may hold tables);
#  - Gemini: the default settings.json is written only when the case has none.
set -euo pipefail
B="http://127.0.0.1:$FAKE_PORT"
EXTRA=()
if [ -n "${AGENT_ARGS_FILE:-}" ] && [ -f "$AGENT_ARGS_FILE" ]; then
  while IFS= read -r a || [ -n "$a" ]; do EXTRA+=("$a"); done < "$AGENT_ARGS_FILE"
fi
case "$AGENT" in
claude)
  export ANTHROPIC_BASE_URL=$B ANTHROPIC_API_KEY=sk-ant-fake
  export CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 DISABLE_ERROR_REPORTING=1 DISABLE_BUG_COMMAND=1
  exec "$AGENTS_DIR/claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude" -p "$PROMPT" ${EXTRA[@]+"${EXTRA[@]}"} ;;
codex)
  export CODEX_HOME=${CODEX_HOME:-$HOME/.codex} FAKE_API_KEY=fake
  mkdir -p "$CODEX_HOME"
  # With TRACE_FILE set, the run is traced (open/openat, one file per thread: $TRACE_FILE.<tid>) to
  # list the instruction files Codex opened (Codex names no file in the request).
  exec ${TRACE_FILE:+strace -ff -ttt -qq -e trace=open,openat -e signal=none -o "$TRACE_FILE"} "$AGENTS_DIR/codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex" exec --skip-git-repo-check \
    -c "model=\"${CODEX_MODEL:-gpt-5.5}\"" -c 'model_provider="fake"' -c 'check_for_update_on_startup=false' \
    -c 'analytics.enabled=false' -c 'feedback.enabled=false' \
    -c "model_providers.fake={name=\"fake\",base_url=\"$B/v1\",env_key=\"FAKE_API_KEY\",wire_api=\"responses\"}" \
    ${EXTRA[@]+"${EXTRA[@]}"} "$PROMPT" ;;
gemini)
  export GOOGLE_GEMINI_BASE_URL=$B GEMINI_API_KEY=fake GEMINI_CLI_NO_RELAUNCH=true GEMINI_CLI_TRUST_WORKSPACE=${GEMINI_CLI_TRUST_WORKSPACE:-true}
  mkdir -p "$HOME/.gemini"
  [ -f "$HOME/.gemini/settings.json" ] || echo '{"privacy":{"usageStatisticsEnabled":false},"telemetry":{"enabled":false},"general":{"disableAutoUpdate":true,"disableUpdateNag":true},"security":{"auth":{"selectedType":"gemini-api-key"}}}' > "$HOME/.gemini/settings.json"
  exec node "$AGENTS_DIR/gemini/node_modules/@google/gemini-cli/bundle/gemini.js" -m "${GEMINI_MODEL:-gemini-3.1-pro-preview}" ${EXTRA[@]+"${EXTRA[@]}"} -p "$PROMPT" ;;
opencode)
  export OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_SHARE=1
  # A case's own opencode config (OPENCODE_CASE_CONFIG, JSON object) is merged into the base one.
  export OPENCODE_CONFIG_CONTENT=$(python3 - "$B" <<'PY'
import json, os, sys
b = sys.argv[1]
base = {"$schema": "https://opencode.ai/config.json", "autoupdate": False, "share": "disabled",
        "model": "fake/fake-model", "small_model": "fake/fake-model",
        "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "Fake",
                              "options": {"baseURL": b + "/v1", "apiKey": "fake"},
                              "models": {"fake-model": {"name": "Fake Model"}}}}}
extra = os.environ.get("OPENCODE_CASE_CONFIG")
if extra:
    base.update(json.loads(extra))
print(json.dumps(base))
PY
)
  exec "$AGENTS_DIR/opencode/node_modules/opencode-linux-x64/bin/opencode" run ${EXTRA[@]+"${EXTRA[@]}"} "$PROMPT" ;;
copilot)
  # Copilot CLI's own "bring your own key" provider (OpenAI Chat Completions) pointed at the fake server.
  export COPILOT_PROVIDER_BASE_URL=$B/v1 COPILOT_PROVIDER_API_KEY=fake COPILOT_AUTO_UPDATE=false
  exec "$AGENTS_DIR/copilot/node_modules/@github/copilot-linux-x64/copilot" --model "${COPILOT_MODEL:-fake-model}" -p "$PROMPT" --allow-all-tools ${EXTRA[@]+"${EXTRA[@]}"} ;;
*) echo "unknown agent $AGENT" >&2; exit 2 ;;
esac
