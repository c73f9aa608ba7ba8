#!/usr/bin/env bash
# drive.sh: run inside the oracle's sandbox.sh (FAKE_PORT set, loopback
# only). Points $AGENT at the fake server the way the oracle's
# agent-cmd.sh does, then runs `$PROMPTC run $AGENT $RUN_ARGS -- <one turn>`.
# Env: AGENT, PROMPTC, RUN_ARGS (promptc's flags), HOME (scratch).
set -euo pipefail
B="http://127.0.0.1:$FAKE_PORT"
case "$AGENT" in
claude)
  export ANTHROPIC_BASE_URL=$B ANTHROPIC_API_KEY=sk-ant-fake
  export CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 DISABLE_ERROR_REPORTING=1 DISABLE_BUG_COMMAND=1
  set -- -p hi ;;
codex)
  export CODEX_HOME=$HOME/.codex FAKE_API_KEY=fake
  mkdir -p "$CODEX_HOME"
  printf 'model = "gpt-5.5"\nmodel_provider = "fake"\ncheck_for_update_on_startup = false\n[analytics]\nenabled = false\n[feedback]\nenabled = false\n[model_providers.fake]\nname = "fake"\nbase_url = "%s/v1"\nenv_key = "FAKE_API_KEY"\nwire_api = "responses"\n' "$B" > "$CODEX_HOME/config.toml"
  set -- exec --skip-git-repo-check hi ;;
gemini)
  export GOOGLE_GEMINI_BASE_URL=$B GEMINI_API_KEY=fake GEMINI_CLI_NO_RELAUNCH=true GEMINI_CLI_TRUST_WORKSPACE=true
  mkdir -p "$HOME/.gemini"
  echo '{"privacy":{"usageStatisticsEnabled":false},"telemetry":{"enabled":false},"general":{"disableAutoUpdate":true,"disableUpdateNag":true},"security":{"auth":{"selectedType":"gemini-api-key"}}}' > "$HOME/.gemini/settings.json"
  set -- -m gemini-3.1-pro-preview -p hi ;;
opencode)
  export OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_SHARE=1
  export OPENCODE_CONFIG_CONTENT='{"autoupdate":false,"share":"disabled","model":"fake/fake-model","small_model":"fake/fake-model","provider":{"fake":{"npm":"@ai-sdk/openai-compatible","name":"Fake","options":{"baseURL":"'$B'/v1","apiKey":"fake"},"models":{"fake-model":{"name":"Fake Model"}}}}}'
  set -- run hi ;;
*) echo "drive.sh: unknown agent $AGENT" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086 # RUN_ARGS is a list of simple flags
exec "$PROMPTC" run "$AGENT" $RUN_ARGS -- "$@"
