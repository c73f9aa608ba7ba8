package serve

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/receipt"
)

// testEnv is a host.Env over a temporary tree: its variables, working
// directory and home.
type testEnv struct {
	vars map[string]string
	wd   string
}

func (e testEnv) Getenv(k string) string { return e.vars[k] }
func (e testEnv) Getwd() (string, error) { return e.wd, nil }
func (e testEnv) Home() string           { return e.vars["HOME"] }
func (e testEnv) Today() string          { return "2026-01-02" }
func (e testEnv) Stdin() io.Reader       { return strings.NewReader("") }
func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func receiptService(t *testing.T, userLayer string) (*Service, string) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(dir, "p")
	write(t, filepath.Join(proj, "AGENTS.md"), "Run the tests.\n")
	user := filepath.Join(dir, "user.yaml")
	if userLayer != "" {
		write(t, user, userLayer)
	}
	e := testEnv{vars: map[string]string{"HOME": filepath.Join(dir, "home"), "PROMPTC_SYSTEM_CONFIG": filepath.Join(dir, "etc.yaml"), "PROMPTC_USER_CONFIG": user}, wd: proj}
	s, err := NewService(e, nil, 8, false)
	if err != nil {
		t.Fatal(err)
	}
	s.Version = "9.9.9"
	return s, proj
}

// TestBuildReceipt: "receipt": true adds a "receipt" field after the
// Result's own, the receipt of that build (its prompt's hash, the
// context file, the agent named); without it the reply is the Result's
// JSON byte for byte.
func TestBuildReceipt(t *testing.T) {
	s, proj := receiptService(t, "")
	ctx := context.Background()
	plain, e := s.Handle(ctx, Request{Command: CommandBuild})
	if e != nil {
		t.Fatal(e)
	}
	got, e := s.Handle(ctx, Request{Command: CommandBuild, Receipt: true, ReceiptAgent: "pi@1.6.0"})
	if e != nil {
		t.Fatal(e)
	}
	pb, gb := []byte(plain.(Encoded)), []byte(got.(Encoded))
	if strings.Contains(string(gb), "\n") {
		t.Errorf("a reply with a receipt spans lines (a --stdio reply is one line)")
	}
	if !strings.HasPrefix(string(gb), string(pb[:len(pb)-1])+`,"receipt":{`) {
		t.Fatalf("the reply with a receipt is not the plain reply plus a receipt field:\n%.200s\n%.200s", pb, gb)
	}
	again, _ := s.Handle(ctx, Request{Command: CommandBuild})
	if string(again.(Encoded)) != string(pb) {
		t.Errorf("a reply without receipt changed after one with")
	}
	var reply struct {
		Prompt  string          `json:"prompt"`
		Receipt json.RawMessage `json:"receipt"`
	}
	if err := json.Unmarshal(gb, &reply); err != nil {
		t.Fatal(err)
	}
	r, err := receipt.Parse("reply", reply.Receipt)
	if err != nil {
		t.Fatalf("the reply's receipt is not valid: %v", err)
	}
	if r.Prompt.SHA256 != receipt.Sum([]byte(reply.Prompt)) || r.PromptcVersion != "9.9.9" || r.Agent == nil || r.Agent.Version != "1.6.0" {
		t.Errorf("receipt: prompt %s (want the reply's %s), version %q, agent %+v", r.Prompt.SHA256, receipt.Sum([]byte(reply.Prompt)), r.PromptcVersion, r.Agent)
	}
	if len(r.Files) != 1 || r.Files[0].Path != filepath.Join(proj, "AGENTS.md") || r.Files[0].SHA256 != receipt.Sum([]byte("Run the tests.\n")) {
		t.Errorf("files: %+v", r.Files)
	}
	for _, bad := range []Request{{Command: CommandExplain, Receipt: true}, {ReceiptAgent: "pi"}} {
		if _, e := bad.resolve(""); e == nil || e.Code != CodeBadRequest {
			t.Errorf("%+v: got %v, want bad_request", bad, e)
		}
	}
}

// TestFailureCarriesPolicy: a failed build's error reply carries the
// policy in force (sections, on_failure) when the layers hold one, and
// is unchanged (no policy field) when they do not.
func TestFailureCarriesPolicy(t *testing.T) {
	ctx := context.Background()
	s, _ := receiptService(t, "sections:\n  security:\n    template: Never print secrets.\n    locked: true\n")
	_, e := s.Handle(ctx, Request{Command: CommandBuild, Pipeline: "no-such-pipeline"})
	if e == nil || e.Policy == nil {
		t.Fatalf("got %+v, want an error with the policy", e)
	}
	if e.Policy.OnFailure != "block" || len(e.Policy.Sections) != 1 || e.Policy.Sections[0].ID != "security" || !e.Policy.Sections[0].Locked {
		t.Errorf("policy: %+v", e.Policy)
	}
	b, _ := json.Marshal(errorReply{e})
	if !strings.Contains(string(b), `"policy":{"on_failure":"block","sections":[{"id":"security","locked":true,"at":"`) {
		t.Errorf("reply: %s", b)
	}

	s, _ = receiptService(t, "")
	_, e = s.Handle(ctx, Request{Command: CommandBuild, Pipeline: "no-such-pipeline"})
	if e == nil || e.Policy != nil {
		t.Fatalf("got %+v, want an error without policy", e)
	}
	if b, _ := json.Marshal(errorReply{e}); strings.Contains(string(b), "policy") {
		t.Errorf("a reply with no policy in force names one: %s", b)
	}
}
