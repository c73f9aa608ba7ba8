package sections

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig/v3"
)

// impure are the sprig functions whose result is not a pure function of
// their arguments (randomness, salts, keys, the clock, the local time
// zone), removed so that rendering is byte-for-byte reproducible.
var impure = []string{
	"randInt", "shuffle", "bcrypt", "htpasswd", "encryptAES", "decryptAES", "derivePassword",
	"genPrivateKey", "genCA", "genCAWithKey", "genSelfSignedCert", "genSelfSignedCertWithKey",
	"genSignedCert", "genSignedCertWithKey", "buildCustomCert",
	"ago", "toDate", "mustToDate", "mustDateModify", "must_date_modify", "unixEpoch", "duration", "durationRound",
}

// Removed reports whether name is a sprig function left out because it is
// not pure, for error hints.
func Removed(name string) bool { return slices.Contains(impure, name) }

// Funcs returns the function map of section templates: sprig's hermetic
// text functions without the impure ones, with the ones that can build
// unbounded values (until, untilStep, seq, repeat, indent, nindent,
// replace, regexReplaceAll and friends, printf) bounded by [MaxIterations]
// and [MaxRenderBytes], plus promptc's own (xml, lines, slashes, inert).
func Funcs() template.FuncMap {
	m := sprig.HermeticTxtFuncMap()
	for _, name := range impure {
		delete(m, name)
	}
	for k, v := range boundedFuncs() {
		m[k] = v
	}
	for k, v := range promptFuncs() {
		m[k] = v
	}
	m[tickFunc] = func(int) (string, error) { return "", nil } // replaced per render
	return m
}

// promptFuncs are promptc's template helpers:
//
//	xml      escapes & < > " ' as XML entities (& first).
//	lines    joins a list of strings with "\n".
//	slashes  turns every backslash into a forward slash.
//	inert    escapes what could start a line or markup ([Inert]).
func promptFuncs() template.FuncMap {
	return template.FuncMap{
		"inert":   Inert,
		"xml":     xmlEscape,
		"lines":   func(v []string) string { return strings.Join(v, "\n") },
		"slashes": func(s string) string { return strings.ReplaceAll(s, `\`, "/") },
	}
}

var xmlReplacer = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

func xmlEscape(v any) string {
	if s, ok := v.(string); ok {
		return xmlReplacer.Replace(s) // the common case, without fmt's copy
	}
	return xmlReplacer.Replace(fmt.Sprint(v))
}

// boundedFuncs replace sprig's (and text/template's printf) with versions
// that refuse to build a value larger than the limits: same results
// otherwise.
func boundedFuncs() template.FuncMap {
	sm := sprig.HermeticTxtFuncMap()
	until := sm["until"].(func(int) []int)
	untilStep := sm["untilStep"].(func(int, int, int) []int)
	seq := sm["seq"].(func(...int) string)
	return template.FuncMap{
		"until": func(n int) ([]int, error) {
			if err := countLimit("until", abs(n)); err != nil {
				return nil, err
			}
			return until(n), nil
		},
		"untilStep": func(start, stop, step int) ([]int, error) {
			if step != 0 {
				if err := countLimit("untilStep", abs(stop-start)/abs(step)); err != nil {
					return nil, err
				}
			}
			return untilStep(start, stop, step), nil
		},
		"seq": func(params ...int) (string, error) {
			span := 0
			switch len(params) {
			case 1:
				span = abs(params[0])
			case 2:
				span = abs(params[1] - params[0])
			case 3:
				if params[1] != 0 {
					span = abs(params[2]-params[0]) / abs(params[1])
				}
			}
			if err := countLimit("seq", span); err != nil {
				return "", err
			}
			return seq(params...), nil
		},
		"repeat": func(count int, s string) (string, error) {
			if err := sizeLimit("repeat", int64(max(count, 0))*int64(len(s))); err != nil {
				return "", err
			}
			return strings.Repeat(s, max(count, 0)), nil
		},
		"indent": func(spaces int, v string) (string, error) {
			if err := sizeLimit("indent", int64(max(spaces, 0))*int64(strings.Count(v, "\n")+1)+int64(len(v))); err != nil {
				return "", err
			}
			pad := strings.Repeat(" ", max(spaces, 0))
			return pad + strings.ReplaceAll(v, "\n", "\n"+pad), nil
		},
		"nindent": func(spaces int, v string) (string, error) {
			if err := sizeLimit("nindent", int64(max(spaces, 0))*int64(strings.Count(v, "\n")+1)+int64(len(v))+1); err != nil {
				return "", err
			}
			pad := strings.Repeat(" ", max(spaces, 0))
			return "\n" + pad + strings.ReplaceAll(v, "\n", "\n"+pad), nil
		},
		"replace": func(old, new, src string) (string, error) {
			n := strings.Count(src, old)
			if err := sizeLimit("replace", int64(len(src))+int64(n)*int64(len(new)-len(old))); err != nil {
				return "", err
			}
			return strings.ReplaceAll(src, old, new), nil
		},
		"regexReplaceAll":            boundedRegexReplace("regexReplaceAll", false),
		"mustRegexReplaceAll":        boundedRegexReplace("mustRegexReplaceAll", false),
		"regexReplaceAllLiteral":     boundedRegexReplace("regexReplaceAllLiteral", true),
		"mustRegexReplaceAllLiteral": boundedRegexReplace("mustRegexReplaceAllLiteral", true),
		"printf": func(format string, args ...any) (string, error) {
			if err := sizeLimit("printf", int64(len(format))+formatWidths(format)); err != nil {
				return "", err
			}
			return fmt.Sprintf(format, args...), nil
		},
	}
}

// boundedRegexReplace is sprig's regex replacement, refused when the
// result could exceed MaxRenderBytes: every position of src may match
// (an empty match), and each $ reference may copy a match.
func boundedRegexReplace(name string, literal bool) func(regex, s, repl string) (string, error) {
	return func(regex, s, repl string) (string, error) {
		r, err := regexp.Compile(regex)
		if err != nil {
			return "", err // sprig's non-must form panics, which text/template reports the same way
		}
		bound := int64(len(s)) + int64(len(s)+1)*int64(len(repl))
		if !literal {
			bound += int64(strings.Count(repl, "$")) * int64(len(s))
		}
		if bound > MaxRenderBytes {
			// The bound is loose; count the matches before refusing.
			m := int64(len(r.FindAllStringIndex(s, -1)))
			bound = int64(len(s)) + m*int64(len(repl))
			if !literal {
				bound += int64(strings.Count(repl, "$")) * int64(len(s))
			}
			if err := sizeLimit(name, bound); err != nil {
				return "", err
			}
		}
		if literal {
			return r.ReplaceAllLiteralString(s, repl), nil
		}
		return r.ReplaceAllString(s, repl), nil
	}
}

// formatWidths sums the widths and precisions written in a printf format,
// which is how much padding it can add (a * width taken from an argument
// counts as fmt's own cap, 10^6).
func formatWidths(format string) int64 {
	total := int64(strings.Count(format, "*")) * 1_000_000
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		for i++; i < len(format) && strings.IndexByte("+-# 0.123456789[]*", format[i]) >= 0; i++ {
			if format[i] >= '1' && format[i] <= '9' {
				n := int64(0)
				for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
					n = min(n*10+int64(format[i]-'0'), MaxRenderBytes)
				}
				total += n
				i--
			}
		}
	}
	return total
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
