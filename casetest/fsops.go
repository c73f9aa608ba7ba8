package casetest

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// fsCommands are the fs file's commands and their usage (the package
// documentation says what each does).
var fsCommands = []struct{ name, usage string }{
	{"mkdir", "mkdir DIR..."},
	{"symlink", "symlink LINK -> TARGET"},
	{"chmod", "chmod MODE PATH..."},
	{"unquote", "unquote FILE..."},
	{"trim-newline", "trim-newline FILE..."},
	{"unix2dos", "unix2dos FILE..."},
	{"subst-work", "subst-work FILE..."},
}

// parseFS reads the fs file. Content commands (unquote, trim-newline,
// unix2dos, subst-work) are recorded on the archive files they name, in
// the order given; mkdir, symlink and chmod become ops, run in order after
// every archive file is written.
func (c *Case) parseFS(data []byte, markerLine int, fail func(int, string, ...any)) {
	text := strings.TrimSuffix(string(data), "\n")
	if text == "" {
		return
	}
	for i, l := range strings.Split(text, "\n") {
		n := markerLine + 1 + i
		l = strings.TrimSuffix(l, "\r")
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		ws, err := splitWords(l)
		if err != nil {
			fail(n, "fs: %v", err)
			continue
		}
		cmd, args := string(ws[0]), ws[1:]
		usage := ""
		for _, fc := range fsCommands {
			if fc.name == cmd {
				usage = fc.usage
			}
		}
		if usage == "" {
			var names []string
			for _, fc := range fsCommands {
				names = append(names, fc.name)
			}
			fail(n, "fs: unknown command %q (known: %s)", cmd, strings.Join(names, ", "))
			continue
		}
		if err := c.fsLine(cmd, args, n); err != nil {
			fail(n, "fs: %v (usage: %s)", err, usage)
		}
	}
}

func (c *Case) fsLine(cmd string, args []word, line int) error {
	switch cmd {
	case "symlink":
		if len(args) != 3 || args[1] != "->" {
			return fmt.Errorf("want LINK -> TARGET")
		}
		link, err := relPath(args[0])
		if err != nil {
			return fmt.Errorf("%s: %v", args[0].expand(workVar), err)
		}
		if string(args[2]) == "" {
			return fmt.Errorf("an empty target")
		}
		c.ops = append(c.ops, fsOp{op: cmd, args: []string{link, string(args[2])}, line: line})
		return nil
	case "chmod":
		if len(args) < 2 {
			return fmt.Errorf("want a mode and at least one path")
		}
		m, err := strconv.ParseUint(string(args[0]), 8, 32)
		if err != nil || m > 0o777 || len(args[0]) < 3 {
			return fmt.Errorf("mode %q is not an octal permission 0000-0777", args[0])
		}
		paths, err := relPaths(args[1:])
		if err != nil {
			return err
		}
		c.ops = append(c.ops, fsOp{op: cmd, args: paths, mode: uint32(m), line: line})
		return nil
	}
	if len(args) == 0 {
		return fmt.Errorf("want at least one path")
	}
	paths, err := relPaths(args)
	if err != nil {
		return err
	}
	if cmd == "mkdir" {
		c.ops = append(c.ops, fsOp{op: cmd, args: paths, line: line})
		return nil
	}
	for _, p := range paths {
		if p == wantFile && c.hasWant {
			if cmd != "unquote" {
				return fmt.Errorf("want is always the prompt plus one newline; only unquote applies to it")
			}
			if c.wantQuoted {
				return fmt.Errorf("want is already unquoted")
			}
			if err := c.unquoteWant(); err != nil {
				return fmt.Errorf("want: %v", err)
			}
			continue
		}
		f := c.file(p)
		if f == nil {
			return fmt.Errorf("%s is not a file of the archive", p)
		}
		d, err := fixContent(cmd, f.data)
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		f.data = d
		f.subst = f.subst || cmd == "subst-work"
	}
	return nil
}

func relPaths(ws []word) ([]string, error) {
	out := make([]string, len(ws))
	for i, w := range ws {
		p, err := relPath(w)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", w.expand(workVar), err)
		}
		out[i] = p
	}
	return out, nil
}

// fixContent applies one content command to data. subst-work leaves a
// mark that materialize replaces with the root.
func fixContent(cmd string, data []byte) ([]byte, error) {
	switch cmd {
	case "unquote":
		return unquote(data)
	case "trim-newline":
		return bytes.TrimSuffix(data, []byte("\n")), nil
	case "unix2dos":
		return bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n")), nil
	case "subst-work":
		return bytes.ReplaceAll(data, []byte(workVar), []byte(workMark)), nil
	}
	return nil, fmt.Errorf("unknown command %q", cmd)
}
