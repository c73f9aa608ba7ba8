package agentcapture

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Options says which CLI to capture and how.
type Options struct {
	Agent   string // the command: claude, codex, gemini, opencode
	CLI     string // the executable
	Version string // its version, recorded in the entry
	// Model is the model the CLI is run with; "" takes DefaultModel.
	Model string
	// PATH is the search path the CLI gets (node for Gemini CLI).
	PATH string
	// Timeout bounds the CLI's run (0: DefaultTimeout).
	Timeout time.Duration
}

// DefaultTimeout bounds one capture run.
const DefaultTimeout = 120 * time.Second

// DefaultModel is the model a capture runs the CLI with when none is
// given: the one promptc's oracle records with ("" = the CLI's default).
func DefaultModel(agent string) string {
	switch agent {
	case "codex":
		return "gpt-5.5"
	case "gemini":
		return "gemini-3.1-pro-preview"
	case "opencode":
		return "fake-model"
	}
	return ""
}

// FailedError is a CLI that did not complete a turn against the fake
// server (it needed the network, a sign-in, or failed): what it printed
// last is in Output.
type FailedError struct {
	Agent, Why, Output string
}

func (e *FailedError) Error() string {
	msg := fmt.Sprintf("capturing %s: %s", e.Agent, e.Why)
	if e.Output != "" {
		msg += "; its last output:\n" + e.Output
	}
	return msg
}

// Capture runs the CLI once in a scratch HOME and working directory (both
// removed afterwards) against a Server, with a dummy key and telemetry
// off, and returns the entry and the base prompt it sent, the scratch
// paths in it as placeholders (Normalize). Nothing of the user's is read
// or written: the CLI sees only the scratch directories.
func Capture(ctx context.Context, o Options) (Entry, string, error) {
	if o.Model == "" {
		o.Model = DefaultModel(o.Agent)
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	scratch, err := os.MkdirTemp("", "promptc-capture-")
	if err != nil {
		return Entry{}, "", err
	}
	defer os.RemoveAll(scratch)
	if real, err := filepath.EvalSymlinks(scratch); err == nil {
		scratch = real // the CLI sees the physical path
	}
	home, cwd := filepath.Join(scratch, "home"), filepath.Join(scratch, scratchCwdName)
	for _, d := range []string{home, cwd, filepath.Join(scratch, "tmp")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return Entry{}, "", err
		}
	}
	srv, err := Serve()
	if err != nil {
		return Entry{}, "", err
	}
	defer srv.Close()
	args, env, err := command(o, srv.URL, home)
	if err != nil {
		return Entry{}, "", err
	}
	env = append(env, "PATH="+o.PATH, "HOME="+home, "TMPDIR="+filepath.Join(scratch, "tmp"),
		"XDG_CONFIG_HOME="+home+"/.config", "XDG_DATA_HOME="+home+"/.local/share", "XDG_CACHE_HOME="+home+"/.cache", "XDG_STATE_HOME="+home+"/.local/state",
		"TZ=UTC", "LANG=C.UTF-8", "TERM=dumb", "NO_COLOR=1", "GIT_CONFIG_NOSYSTEM=1")
	runCtx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	cmd := exec.CommandContext(runCtx, o.CLI, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = cwd, env, nil
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	req, ok := MainRequest(o.Agent, srv.Requests())
	if !ok {
		why := "it sent no turn request to the fake server"
		switch {
		case errors.Is(runCtx.Err(), context.DeadlineExceeded):
			why += fmt.Sprintf(" within %s", o.Timeout)
		case runErr != nil:
			why += fmt.Sprintf(" and exited: %v", runErr)
		default:
			why += " and exited 0"
		}
		why += " (a version that needs the network or a sign-in cannot be captured offline)"
		return Entry{}, "", &FailedError{Agent: o.Agent, Why: why, Output: tail(out.String(), 12)}
	}
	base, err := Base(o.Agent, req.Body)
	if err != nil {
		return Entry{}, "", &FailedError{Agent: o.Agent, Why: err.Error()}
	}
	if strings.TrimSpace(base) == "" {
		return Entry{}, "", &FailedError{Agent: o.Agent, Why: "the base prompt in its request is empty"}
	}
	base = Normalize(base, home, cwd)
	e := Entry{Agent: o.Agent, Version: o.Version, Model: o.Model, Where: Where(o.Agent), Captured: time.Now().UTC().Format(time.RFC3339)}
	return e, base, nil
}

// command is the CLI's arguments and environment for one turn ("hi")
// against the server at url; config files go under the scratch home.
func command(o Options, url, home string) ([]string, []string, error) {
	switch o.Agent {
	case "claude":
		args := []string{"-p", "hi"}
		if o.Model != "" {
			args = append(args, "--model", o.Model)
		}
		return args, []string{"ANTHROPIC_BASE_URL=" + url, "ANTHROPIC_API_KEY=sk-ant-fake", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
			"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "DISABLE_BUG_COMMAND=1"}, nil
	case "codex":
		dir := filepath.Join(home, ".codex")
		cfg := fmt.Sprintf("model = %q\nmodel_provider = \"fake\"\ncheck_for_update_on_startup = false\n[analytics]\nenabled = false\n[feedback]\nenabled = false\n"+
			"[model_providers.fake]\nname = \"fake\"\nbase_url = %q\nenv_key = \"FAKE_API_KEY\"\nwire_api = \"responses\"\n", o.Model, url+"/v1")
		if err := writeScratch(filepath.Join(dir, "config.toml"), cfg); err != nil {
			return nil, nil, err
		}
		return []string{"exec", "--skip-git-repo-check", "hi"}, []string{"CODEX_HOME=" + dir, "FAKE_API_KEY=fake"}, nil
	case "gemini":
		settings := `{"privacy":{"usageStatisticsEnabled":false},"telemetry":{"enabled":false},"general":{"disableAutoUpdate":true,"disableUpdateNag":true},"security":{"auth":{"selectedType":"gemini-api-key"}}}`
		if err := writeScratch(filepath.Join(home, ".gemini", "settings.json"), settings); err != nil {
			return nil, nil, err
		}
		return []string{"-m", o.Model, "-p", "hi"}, []string{"GOOGLE_GEMINI_BASE_URL=" + url, "GEMINI_API_KEY=fake", "GEMINI_CLI_NO_RELAUNCH=true", "GEMINI_CLI_TRUST_WORKSPACE=true"}, nil
	case "opencode":
		cfg := fmt.Sprintf(`{"autoupdate":false,"share":"disabled","model":"fake/%[1]s","small_model":"fake/%[1]s","provider":{"fake":{"npm":"@ai-sdk/openai-compatible","name":"Fake","options":{"baseURL":%[2]q,"apiKey":"fake"},"models":{%[1]q:{"name":"Fake Model"}}}}}`, o.Model, url+"/v1")
		return []string{"run", "hi"}, []string{"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_SHARE=1", "OPENCODE_CONFIG_CONTENT=" + cfg}, nil
	}
	return nil, nil, fmt.Errorf("no capture command for %q", o.Agent)
}

func writeScratch(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o600)
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
