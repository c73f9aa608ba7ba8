package cowagent

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// fakePromptc writes an executable "promptc" shell script into a new
// directory and returns the directory.
func fakePromptc(t *testing.T, script string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "promptc"), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFailures makes promptc fail in every way the adapter knows, over
// three turns of one Agent in CowAgent's real code and over both
// transports, and requires each turn's prompt to be exactly what CowAgent
// gives without the adapter, with CowAgent's own warnings unchanged and
// one warning of the adapter's. The failing promptc is absent, the real
// one failing on a broken user layer (exit 1, or an error reply from
// serve), or a script standing in for one that hangs or replies with
// something that is not a Result; "recovers" fails once and then is the
// real one, and "serve dies" exits on the second request without a reply;
// "flood" replies 300 MB without a newline and then hangs: the 64 MiB cap
// must end each turn (not the timeout), with the adapter's process never
// holding the flood.
func TestFailures(t *testing.T) {
	h := setup(t)
	real := filepath.Join(h.bin, "promptc")
	pidFile := filepath.Join(h.tmp, "hung.pid")
	counter := filepath.Join(h.tmp, "recover.count")
	// reply answers a build (params on stdin) or each line of a serve.
	reply := func(text string) string {
		return fmt.Sprintf("if [ \"$1\" = serve ]; then\n  while IFS= read -r l; do echo '%s'; done\nelse\n  cat > /dev/null; echo '%s'\nfi\n", text, text)
	}
	withFake := func(script string) string {
		return fakePromptc(t, script) + string(os.PathListSeparator) + h.basePath
	}
	type mode struct {
		name      string
		r         run
		promptc   int    // turns promptc answers
		transport string // "" = both
		timeout   bool
		warning   string // in the adapter's one warning; "" = not checked
		maxRSSMB  int64  // the Python process's peak resident size at most; 0 = not checked
	}
	modes := []mode{
		{name: "absent", r: run{path: h.basePath}},
		{name: "PROMPTC_BIN missing", r: run{env: []string{"PROMPTC_BIN=" + filepath.Join(h.tmp, "no", "promptc")}}},
		{name: "broken layer", r: run{home: "broken-layer"}},
		{name: "timeout", r: run{path: withFake("sleep 30 &\necho $! > " + pidFile + "\nwait\n"), env: []string{"PROMPTC_TIMEOUT=0.5"}}, timeout: true},
		{name: "not JSON", r: run{path: withFake(reply("not json"))}},
		{name: "no prompt", r: run{path: withFake(reply(`{"pipeline": "cowagent", "sections": []}`))}},
		// The adapter's policy query (promptc policy) goes to the real one.
		{name: "recovers", r: run{path: withFake(fmt.Sprintf("[ \"$1\" = policy ] && exec %s \"$@\"\nif [ ! -e %s ]; then : > %s; echo boom >&2; exit 3; fi\nexec %s \"$@\"\n", real, counter, counter, real))}, promptc: 2},
		// Answers the first request with a real server, then dies on the
		// second without replying (the third turn starts a new one).
		{name: "serve dies", r: run{path: withFake(fmt.Sprintf("IFS= read -r first\nprintf '%%s\\n' \"$first\" | %s \"$@\"\nIFS= read -r second\nexit 0\n", real))}, promptc: 2, transport: "serve"},
		{name: "flood", r: run{path: withFake("if [ \"$1\" = serve ]; then IFS= read -r l; else cat > /dev/null; fi\nhead -c 300000000 /dev/zero | tr '\\0' x\nsleep 30\n")},
			warning: "replied more than 67108864 bytes", maxRSSMB: 250},
	}
	for _, name := range []string{"02-full-zh", "24-extra-system-suffix", "34-no-workspace"} {
		dir := filepath.Join(filepath.Dir(h.cases[0]), name)
		want := expected(t, dir, "i18n")
		plain := h.run(t, dir, run{python: h.python, args: []string{"--turns", "3"}})
		for _, tr := range transports {
			for _, m := range modes {
				if m.transport != "" && m.transport != tr {
					continue
				}
				t.Run(name+"/"+tr+"/"+m.name, func(t *testing.T) {
					os.Remove(pidFile)
					os.Remove(counter)
					r := m.r
					r.python, r.args = h.adapted, []string{"--turns", "3"}
					r.env = append([]string{"PROMPTC_TRANSPORT=" + tr}, r.env...)
					if r.home == "broken-layer" {
						r.home = h.home(t, "sections: [\n")
					}
					rep := h.run(t, dir, r)
					if len(rep.Turns) != 3 {
						t.Fatalf("want 3 turns, got %d", len(rep.Turns))
					}
					for i, got := range rep.Turns {
						if got != plain.Turns[i] || got != want {
							t.Errorf("turn %d: %s", i+1, firstDiff(got, want))
						}
					}
					own, others := promptcWarnings(rep)
					if len(own) != 1 {
						t.Errorf("want one warning of the adapter, got %q", own)
					}
					// Turns that promptc answers do not run CowAgent's builder, nor its warnings.
					if m.promptc == 0 && strings.Join(others, "\n") != strings.Join(plain.Oracle.Warnings, "\n") || len(others) > len(plain.Oracle.Warnings) {
						t.Errorf("CowAgent's warnings changed:\n%q\nwant\n%q", others, plain.Oracle.Warnings)
					}
					if s := rep.Adapter; s.Promptc != m.promptc || s.Fallback != 3-m.promptc || s.Transport != tr {
						t.Errorf("want %d turns from promptc over %s and %d fallbacks, got %+v", m.promptc, tr, 3-m.promptc, *s)
					}
					if string(rep.Oracle.SideEffects) != string(plain.Oracle.SideEffects) {
						t.Errorf("side effects %s, want %s", rep.Oracle.SideEffects, plain.Oracle.SideEffects)
					}
					if m.timeout {
						checkTimeout(t, rep, pidFile, 3)
					}
					if m.warning != "" && (len(own) != 1 || !strings.Contains(own[0], m.warning)) {
						t.Errorf("want the warning to say %q", m.warning)
					}
					if m.maxRSSMB > 0 && rep.maxRSSKB > m.maxRSSMB<<10 {
						t.Errorf("the adapter's process grew to %d MB, want at most %d", rep.maxRSSKB>>10, m.maxRSSMB)
					}
					if m.maxRSSMB > 0 {
						t.Logf("turn seconds %v, peak RSS %d MB", rep.TurnSeconds, rep.maxRSSKB>>10)
					}
					t.Logf("%s", own)
				})
			}
		}
	}
}

// checkTimeout requires the first turn to end soon after the timeout, the
// later ones to skip promptc (no second wait), and the hung promptc's
// child to be dead.
func checkTimeout(t *testing.T, rep report, pidFile string, maxFirst float64) {
	t.Helper()
	if s := rep.TurnSeconds; len(s) != 3 || s[0] > maxFirst || s[1] > 0.4 || s[2] > 0.4 {
		t.Errorf("turn seconds %v: want the first under %gs and the others without waiting", s, maxFirst)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the hanging promptc never ran: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	if running(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("the hung promptc's child %d is still running", pid)
	}
}

// running reports whether pid is a live process: one that exists and is
// not a zombie (an orphan stays a zombie where pid 1 does not reap).
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	// pid (comm) STATE ...; comm may hold spaces, so read after the last ')'.
	rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
	return !strings.HasPrefix(strings.TrimSpace(rest), "Z")
}

// TestOtherRevision runs cases at a CowAgent revision promptc does not
// reproduce (the oracle's "snapshot", 55aaf60a: zh only, no
// response-language section): the adapter must stay out of the way
// (CowAgent's own prompt, its golden) and say so once.
func TestOtherRevision(t *testing.T) {
	h := setup(t)
	for _, name := range []string{"01-empty-workspace-minimal", "02-full-zh"} {
		dir := filepath.Join(filepath.Dir(h.cases[0]), name)
		t.Run(name, func(t *testing.T) {
			want := expected(t, dir, "snapshot")
			plain := h.run(t, dir, run{python: h.python, target: "snapshot"})
			rep := h.run(t, dir, run{python: h.adapted, target: "snapshot"})
			if plain.Oracle.Prompt != want || rep.Oracle.Prompt != want {
				t.Fatalf("as is: %s\nwith the adapter: %s", firstDiff(plain.Oracle.Prompt, want), firstDiff(rep.Oracle.Prompt, want))
			}
			own, _ := promptcWarnings(rep)
			if len(own) != 1 || !strings.Contains(own[0], "not used") || rep.Adapter.OtherRevision != 1 || rep.Adapter.Promptc != 0 {
				t.Errorf("want one 'not used' warning and no promptc turn, got %q, %+v", own, *rep.Adapter)
			}
			t.Logf("%s", own)
		})
	}
}
