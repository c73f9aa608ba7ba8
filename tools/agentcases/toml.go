package main

import (
	"fmt"
	"strings"
)

// tomlDoc is the little of TOML the cases' config files use: top-level
// `key = value` lines and `[table]` headers, with each value kept as
// written (integers, basic strings and arrays of them, which read the
// same as YAML flow values and so can be passed to --param as they are).
type tomlDoc struct {
	top    map[string]string
	tables map[string]map[string]string // header text (e.g. projects."/a") -> keys
}

// parseTOML reads data; a line it does not understand is an error, so a
// case can never be converted with a setting silently dropped.
func parseTOML(name string, data []byte) (*tomlDoc, error) {
	d := &tomlDoc{top: map[string]string{}, tables: map[string]map[string]string{}}
	cur := d.top
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			h := strings.TrimSpace(line[1 : len(line)-1])
			if d.tables[h] == nil {
				d.tables[h] = map[string]string{}
			}
			cur = d.tables[h]
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				return nil, fmt.Errorf("%s:%d: not a key = value line: %q", name, i+1, line)
			}
			cur[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return d, nil
}
