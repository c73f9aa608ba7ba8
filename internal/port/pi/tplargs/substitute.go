package tplargs

import (
	"math"
	"strings"
)

// Substitute replaces the placeholders of a template body with args
// (1-based) in one left-to-right pass; inserted values are never rescanned
// (TPL-A6). Recognized placeholders:
//
//	$N                      argument N ("" if missing; $0 is ""), digits greedy (TPL-A2)
//	$@, $ARGUMENTS          all arguments joined by one space (TPL-A3)
//	${N:-def}               argument N if non-empty, else def (text up to the first "}") (TPL-A4)
//	${@:-def}, ${ARGUMENTS:-def}  all arguments if non-empty, else def (TPL-A4)
//	${@:N}, ${@:N:L}        arguments from N (0 counts as 1), L of them, space-joined (TPL-A5)
//
// Any other "$" is literal: "$x", "$ ", "$$1" -> "$"+arg1, "\$1" -> "\"+arg1.
func Substitute(content string, args []string) string {
	if !strings.Contains(content, "$") {
		return content
	}
	var b strings.Builder
	b.Grow(len(content))
	for i := 0; i < len(content); {
		j := strings.IndexByte(content[i:], '$')
		if j < 0 {
			b.WriteString(content[i:])
			break
		}
		b.WriteString(content[i : i+j])
		i += j
		val, n := placeholder(content[i:], args)
		if n == 0 {
			b.WriteByte('$')
			i++
			continue
		}
		b.WriteString(val)
		i += n
	}
	return b.String()
}

// placeholder matches a placeholder at the start of s (which starts with
// "$") and returns its value and length, or n == 0 when there is none.
func placeholder(s string, args []string) (val string, n int) {
	rest := s[1:]
	switch {
	case strings.HasPrefix(rest, "{"):
		return braced(rest[1:], args)
	case strings.HasPrefix(rest, "ARGUMENTS"):
		return strings.Join(args, " "), 1 + len("ARGUMENTS")
	case strings.HasPrefix(rest, "@"):
		return strings.Join(args, " "), 2
	}
	if d := digits(rest); d > 0 {
		return arg(args, atoi(rest[:d])), 1 + d
	}
	return "", 0
}

// braced matches the part of a "${...}" placeholder after "${".
func braced(s string, args []string) (val string, n int) {
	const head = 2 // "${"
	// ${N:-def}, ${@:-def}, ${ARGUMENTS:-def}
	var name string
	switch d := digits(s); {
	case d > 0:
		name = s[:d]
	case strings.HasPrefix(s, "@"):
		name = "@"
	case strings.HasPrefix(s, "ARGUMENTS"):
		name = "ARGUMENTS"
	}
	if name != "" && strings.HasPrefix(s[len(name):], ":-") {
		body := s[len(name)+2:]
		if end := strings.IndexByte(body, '}'); end >= 0 {
			def := body[:end]
			var v string
			if name == "@" || name == "ARGUMENTS" {
				v = strings.Join(args, " ")
			} else {
				v = arg(args, atoi(name))
			}
			if v == "" {
				v = def
			}
			return v, head + len(name) + 2 + end + 1
		}
	}
	// ${@:N} and ${@:N:L}
	if strings.HasPrefix(s, "@:") {
		p := s[2:]
		d := digits(p)
		if d == 0 {
			return "", 0
		}
		start := atoi(p[:d])
		used := 2 + d
		count := -1
		if strings.HasPrefix(p[d:], ":") {
			if l := digits(p[d+1:]); l > 0 {
				count = atoi(p[d+1 : d+1+l])
				used += 1 + l
			}
		}
		if !strings.HasPrefix(s[used:], "}") {
			return "", 0
		}
		return slice(args, start, count), head + used + 1
	}
	return "", 0
}

// arg returns args[n-1], or "" when n is 0 or past the end.
func arg(args []string, n int) string {
	if n < 1 || n > len(args) {
		return ""
	}
	return args[n-1]
}

// slice is args.slice(start, start+count).join(" ") with start 0 read as 1
// and count < 0 meaning "to the end".
func slice(args []string, start, count int) string {
	from := max(start, 1) - 1
	if from >= len(args) {
		return ""
	}
	to := len(args)
	if count >= 0 && count < to-from {
		to = from + count
	}
	return strings.Join(args[from:to], " ")
}

// digits returns the length of the run of ASCII digits at the start of s.
func digits(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// atoi parses a digit run, saturating at math.MaxInt (JS parseInt gives a
// huge number that is out of range just the same).
func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		d := int(s[i] - '0')
		if n > (math.MaxInt-d)/10 {
			return math.MaxInt
		}
		n = n*10 + d
	}
	return n
}
