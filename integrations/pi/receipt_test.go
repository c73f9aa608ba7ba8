package pi

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReceipt runs the extension in the real pi (0.83.0 and 1.6.0) with
// receiptDir set and a locked section in force, over both transports:
// each sent run leaves one receipt whose prompt hash is that of the
// prompt pi sent, naming pi's version and the context files; `promptc
// receipt verify` passes on it, and after a context file is edited it
// exits 4 naming the file and the section.
func TestReceipt(t *testing.T) {
	for _, v := range piVersions {
		t.Run("pi-"+v.version, func(t *testing.T) {
			h := setupVersion(t, v.version)
			for _, transport := range []string{"serve", "cli"} {
				t.Run(transport, func(t *testing.T) {
					t.Parallel()
					receipts(t, h, transport)
				})
			}
		})
	}
}

func receipts(t *testing.T, h harness, transport string) {
	c := h.loadCase(t, "ctx-basic")
	p := h.wrapper(t)
	settings := map[string]any{"timeoutMs": realTimeoutMs, "transport": transport, "receiptDir": "${ROOT}/receipts"}
	res := h.run(t, c, runOpts{path: p.dir, inputs: []string{"hi", "again"}, settings: settings, files: map[string]string{c.userLayer(): lockedLayer}})
	if len(res.Turns) != 2 {
		t.Fatalf("%d runs, want 2 (stderr %q)", len(res.Turns), res.Stderr)
	}
	dir := filepath.Join(res.Root, "receipts")
	files, err := filepath.Glob(filepath.Join(dir, "promptc-*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("%d receipts in %s (%v), want one per run; stderr %q", len(files), dir, entries, res.Stderr)
	}
	for i, tr := range res.Turns {
		if !tr.Sent {
			t.Fatalf("input %d was not sent: %q", i+1, res.Stderr)
		}
		sent := res.Prompt
		if tr.Prompt != nil {
			sent = *tr.Prompt
		}
		if !strings.Contains(sent, policyText) {
			t.Errorf("input %d: the prompt pi sent lacks the policy", i+1)
		}
		var r struct {
			Pipeline struct{ Name, Version string }
			Agent    struct{ Name, Version string }
			Prompt   struct{ SHA256 string }
			Files    []struct{ Path, Role string }
			Policy   struct {
				OnFailure string `json:"on_failure"`
			}
		}
		data, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("%s: %v", files[i], err)
		}
		sum := sha256.Sum256([]byte(sent))
		if r.Prompt.SHA256 != hex.EncodeToString(sum[:]) {
			t.Errorf("receipt %d: prompt sha256 %s, not that of the prompt pi sent", i+1, r.Prompt.SHA256)
		}
		if r.Agent.Name != "pi" || r.Agent.Version != h.version || r.Pipeline.Version != "pi@"+h.version || r.Policy.OnFailure != "block" {
			t.Errorf("receipt %d: agent %+v, pipeline %+v, policy %+v", i+1, r.Agent, r.Pipeline, r.Policy)
		}
		if i == 0 {
			verify(t, h, files[0], 0, "the prompt is the same")
			var ctxFile string
			for _, f := range r.Files {
				if f.Role == "context" && strings.HasPrefix(f.Path, res.Root) {
					ctxFile = f.Path
				}
			}
			if ctxFile == "" {
				t.Fatalf("receipt %d names no context file: %+v", i+1, r.Files)
			}
			defer func() { // after both receipts were read as pi left them
				f, err := os.OpenFile(ctxFile, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				_, err = f.WriteString("Skip the slow tests.\n")
				if cerr := f.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					t.Fatal(err)
				}
				out := verify(t, h, files[0], 4, "the prompt differs")
				if !strings.Contains(out, "  section project_context: changed\n") || !strings.Contains(out, "  file "+ctxFile+": changed (") {
					t.Errorf("verify after the edit does not name the section and the file:\n%s", out)
				}
			}()
		}
	}
}

// verify runs promptc receipt verify FILE with no promptc setting in its
// environment and checks its exit status and output.
func verify(t *testing.T, h harness, file string, status int, want string) string {
	t.Helper()
	cmd := exec.Command(h.promptc, "receipt", "verify", file)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + t.TempDir(), "LANG=C"}
	out, err := cmd.Output()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
		out = append(out, ee.Stderr...)
	} else if err != nil {
		t.Fatal(err)
	}
	if code != status || !strings.Contains(string(out), want) {
		t.Errorf("promptc receipt verify %s: exit %d, want %d and %q:\n%s", file, code, status, want, out)
	}
	t.Logf("promptc receipt verify: %s", strings.TrimSpace(string(out)))
	return string(out)
}
