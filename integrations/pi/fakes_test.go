package pi

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// promptcOnPath is a folder to put on pi's PATH holding an executable
// named promptc, and the log it keeps of how pi's extension called it.
type promptcOnPath struct {
	dir string
	log string
}

// wrapper puts the real promptc on PATH behind a Node script that logs
// every invocation's arguments and every line sent to its standard input,
// then runs promptc with them. It proves the extension asked promptc (the
// prompt alone cannot tell promptc's identical prompt from pi's own).
func (h harness) wrapper(t *testing.T) promptcOnPath {
	t.Helper()
	p := newPromptcOnPath(t)
	script := fmt.Sprintf(`#!%s
"use strict";
// Logs this promptc invocation, then runs the real promptc with its arguments.
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const log = (rec) => fs.appendFileSync(%q, JSON.stringify(rec) + "\n");
const args = process.argv.slice(2);
log({ argv: args });
const child = spawn(%q, args, { stdio: ["pipe", "inherit", "inherit"] });
process.stdin.on("data", (d) => { log({ stdin: d.toString() }); child.stdin.write(d); });
process.stdin.on("end", () => child.stdin.end());
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code) => process.exit(code ?? 128));
`, h.node, p.log, h.promptc)
	p.write(t, script)
	return p
}

// fake puts a shell script on PATH as promptc that logs its arguments and
// then fails the way mode says: "exit1" (a message on stderr, status 1),
// "garbage" (a reply that is not JSON, to every request in serve mode),
// "hang" (never replies), "flood" (80 MB without a newline as its reply,
// then hangs). An empty mode puts no promptc on PATH at all.
func (h harness) fake(t *testing.T, mode string) promptcOnPath {
	t.Helper()
	p := newPromptcOnPath(t)
	body := map[string]string{
		"":      "",
		"exit1": `echo "promptc: fake failure" >&2; exit 1`,
		"garbage": `if [ "$1" = serve ]; then while read -r line; do echo 'not json {'; done; exit 0; fi
echo 'not json {'`,
		"hang": `exec sleep 600`,
		"flood": `[ "$1" = serve ] && read -r line
head -c 80000000 /dev/zero | tr '\0' x
exec sleep 600`,
	}[mode]
	if mode != "" {
		if body == "" {
			t.Fatalf("unknown fake mode %q", mode)
		}
		p.write(t, fmt.Sprintf("#!/bin/sh\nPATH=/usr/bin:/bin\necho \"$*\" >> %q\n%s\n", p.log, body))
	}
	return p
}

func newPromptcOnPath(t *testing.T) promptcOnPath {
	t.Helper()
	dir := worldDir(t)
	p := promptcOnPath{dir: filepath.Join(dir, "bin"), log: filepath.Join(dir, "calls.log")}
	if err := os.Mkdir(p.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Created here and writable by all: pi may run as the unprivileged user.
	if err := os.WriteFile(p.log, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p.log, 0o666); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p promptcOnPath) write(t *testing.T, script string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(p.dir, "promptc"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// call is one logged invocation of the wrapper.
type call struct {
	argv  []string
	stdin string // what the extension wrote to its standard input
}

// calls reads the wrapper's log.
func (p promptcOnPath) calls(t *testing.T) []call {
	t.Helper()
	f, err := os.Open(p.log)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []call
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var rec struct {
			Argv  []string `json:"argv"`
			Stdin *string  `json:"stdin"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("%s: %v", p.log, err)
		}
		switch {
		case rec.Argv != nil:
			out = append(out, call{argv: rec.Argv})
		case rec.Stdin != nil:
			// stdin goes to the latest serve child (the session's policy
			// query, a process of its own, may have started since).
			for i := len(out) - 1; i >= 0; i-- {
				if len(out[i].argv) > 0 && out[i].argv[0] == "serve" {
					out[i].stdin += *rec.Stdin
					break
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// fakeCalls is how many times a fake promptc ran for a build or explain
// (the session's one `promptc policy --json` query is not counted).
func (p promptcOnPath) fakeCalls(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile(p.log)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n") - strings.Count(string(b), "policy --json\n")
}

// requests returns the build and explain requests the extension made, as
// argument lists of `promptc build --json` / `promptc explain` (cli
// transport: one process each) or as the args of serve's request lines.
func (p promptcOnPath) requests(t *testing.T) (builds, explains [][]string) {
	t.Helper()
	for _, c := range p.calls(t) {
		switch {
		case len(c.argv) >= 2 && c.argv[0] == "build" && c.argv[1] == "--json":
			builds = append(builds, c.argv[2:])
		case len(c.argv) >= 1 && c.argv[0] == "explain":
			explains = append(explains, c.argv[1:])
		case len(c.argv) == 2 && c.argv[0] == "policy" && c.argv[1] == "--json":
			// the session's policy query (policy_test.go proves it)
		case len(c.argv) == 2 && c.argv[0] == "serve" && c.argv[1] == "--stdio":
			for _, line := range strings.Split(strings.TrimSuffix(c.stdin, "\n"), "\n") {
				if line == "" {
					continue
				}
				var req struct {
					Command string   `json:"command"`
					Args    []string `json:"args"`
				}
				if err := json.Unmarshal([]byte(line), &req); err != nil {
					t.Fatalf("serve request %q: %v", line, err)
				}
				if req.Command == "explain" {
					explains = append(explains, req.Args)
				} else {
					builds = append(builds, req.Args)
				}
			}
		default:
			t.Fatalf("unexpected promptc call %q", c.argv)
		}
	}
	return builds, explains
}
