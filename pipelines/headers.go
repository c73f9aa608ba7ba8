package pipelines

import (
	"bufio"
	"bytes"
	"strings"
	"sync"
)

// header is what the top level of a built-in pipeline file says about its
// place among the others: the pipeline it extends and its top-level keys.
type header struct {
	extends string
	keys    []string
}

// headers reads the header of every built-in pipeline once per process.
// The files are embedded, so the table never changes; reading it costs a
// scan of each file's unindented lines, not a YAML parse (the built-ins
// are large, and aliases are looked up on every compile).
// TestHeadersAreYAML holds the scan to the YAML parse for every file.
var headers = sync.OnceValue(func() map[string]header {
	out := map[string]header{}
	for _, n := range Names() {
		data, _ := Lookup(n)
		out[n] = scanHeader(data)
	}
	return out
})

// scanHeader reads the top-level keys of a built-in pipeline file and
// the value of extends: (a plain or quoted scalar on its line). Comments,
// blank lines, document markers and indented or continued lines are not
// keys.
func scanHeader(data []byte) header {
	var h header
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), len(data)+1)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '-' || line[0] == '"' || line[0] == '\'' {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok || strings.ContainsAny(key, " {[") {
			continue
		}
		h.keys = append(h.keys, key)
		if key == "extends" {
			val, _, _ = strings.Cut(val, " #")
			h.extends = strings.Trim(strings.TrimSpace(val), `"'`)
		}
	}
	return h
}
