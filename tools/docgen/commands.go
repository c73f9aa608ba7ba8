package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// commandsDoc is docs/reference/commands.md: promptc's overview (promptc
// help) and, for every command it lists, what `promptc COMMAND --help`
// prints. The binary runs in an empty directory with an empty home and no
// configuration layer, so a pipeline command's help shows the default
// pipeline's flags, the same on every machine.
func commandsDoc(bin string) (string, error) {
	dir, err := os.MkdirTemp("", "docgen-help")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	overview, _, err := runHelp(bin, dir, "help")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# Commands\n\n" + generatedNote)
	b.WriteString("What `promptc help` and each command's `--help` print (run with no configuration layer, so the\n")
	b.WriteString("pipeline commands show the default pipeline's flags; `--pipeline P --help` shows P's).\n\n")
	cmds := commandNames(overview)
	for _, c := range cmds {
		fmt.Fprintf(&b, "- [`promptc %s`](#%s)\n", c, anchor("promptc "+c))
	}
	b.WriteString("\n## Overview\n\n```text\n$ promptc help\n" + overview + "```\n")
	seen := map[string]string{}
	for _, c := range cmds {
		args := append(strings.Fields(c), "--help")
		out, code, err := runHelp(bin, dir, args...)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "\n## promptc %s\n\n", c)
		switch {
		case code != 0:
			fmt.Fprintf(&b, "`promptc %s --help` is refused (exit %d):\n\n```text\n%s```\n", c, code, out)
		case out == overview:
			fmt.Fprintf(&b, "`promptc %s --help` prints the [overview](#overview): the command has no help of its own.\n", c)
		case seen[out] != "":
			fmt.Fprintf(&b, "`promptc %s --help` prints the help of [`promptc %s`](#%s).\n", c, seen[out], anchor("promptc "+seen[out]))
		default:
			seen[out] = c
			fmt.Fprintf(&b, "```text\n$ promptc %s\n%s```\n", strings.Join(args, " "), out)
		}
	}
	return b.String(), nil
}

// commandNames lists the commands of the overview, in its order, once each:
// the lines "  promptc NAME" of its Usage block, with a subcommand when the
// next word is a lower-case word ("agents capture AGENT").
func commandNames(overview string) []string {
	commandLine := regexp.MustCompile(`^  promptc ([a-z]+)(?: +([a-z]+)\b)?`)
	var out []string
	seen := map[string]bool{}
	for _, line := range strings.Split(overview, "\n") {
		m := commandLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name := m[1]
		if m[2] != "" {
			name += " " + m[2]
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

// runHelp runs bin with args in dir, hermetically: an empty HOME, no
// system or user layer. It returns stdout (stderr when stdout is empty)
// and the exit status; err only when the binary could not run.
func runHelp(bin, dir string, args ...string) (string, int, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	home := filepath.Join(dir, "home")
	cmd.Env = []string{
		"HOME=" + home, "PATH=/usr/bin:/bin", "LANG=C",
		"PROMPTC_SYSTEM_CONFIG=" + filepath.Join(dir, "no-system-layer.yaml"),
		"PROMPTC_USER_CONFIG=" + filepath.Join(dir, "no-user-layer.yaml"),
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code, err = ee.ExitCode(), nil
	}
	if err != nil {
		return "", 0, fmt.Errorf("%s %s: %v", bin, strings.Join(args, " "), err)
	}
	out := stdout.String()
	if out == "" {
		out = stderr.String()
	}
	out = strings.ReplaceAll(out, dir, "$DIR")
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out, code, nil
}

// anchor is the GitHub anchor of a heading.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
