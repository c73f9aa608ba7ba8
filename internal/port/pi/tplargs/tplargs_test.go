package tplargs

import (
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{"one two three", []string{"one", "two", "three"}},
		{"a\tb", []string{"a", "b"}},
		{"  lead   extra  trail  ", []string{"lead", "extra", "trail"}},
		{`"a b" 'c d' e"f g"h`, []string{"a b", "c d", "ef gh"}},
		{`"" x`, []string{"x"}},
		{`""`, []string{}},
		{`" "`, []string{" "}},
		{"x\ny", []string{"x", "y"}},
		{`"unclosed quote here`, []string{"unclosed quote here"}},
		{"don't stop", []string{"dont stop"}},
		{`a\"b c`, []string{`a\b c`}},
		{`"quoted \"text\""`, []string{`quoted \text\`}},
		{`'it"s' "a'b"`, []string{`it"s`, "a'b"}},
		{"\"line1\nline2\"", []string{"line1\nline2"}},
		{"héllo 世界 😀 @#$%", []string{"héllo", "世界", "😀", "@#$%"}},
		{"$1 $@ ${@:1}", []string{"$1", "$@", "${@:1}"}},
		// JS \s includes NBSP, U+FEFF, U+3000; not U+0085.
		{"a\u00a0b\ufeffc\u3000d\u0085e", []string{"a", "b", "c", "d\u0085e"}},
		{"a\xffb c", []string{"a\xffb", "c"}},
	}
	for _, tt := range tests {
		if got := Parse(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSubstitute(t *testing.T) {
	tests := []struct {
		name    string
		content string
		args    []string
		want    string
	}{
		{"all forms", "$ARGUMENTS|$@", []string{"a", "b", "c"}, "a b c|a b c"},
		{"repeated and inside words", "pre$@ $ARGUMENTS post$ARGUMENTS $@", []string{"x", "y"}, "prex y x y postx y x y"},
		{"positional and all", "$1 then $2: $@", []string{"a", "b", "c"}, "a then b: a b c"},
		{"missing and zero", "[$0][$1][$3]", []string{"a"}, "[][a][]"},
		{"dot after number", "$1.5", []string{"a"}, "a.5"},
		{"multi digit", "$10 $1 $2", []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "ten"}, "ten 1 2"},
		{"literals", "$A $$ $ $ARGS $arguments $", []string{"v"}, "$A $$ $ $ARGS $arguments $"},
		{"backslash dollar no args", `\$100`, nil, `\`},
		{"backslash and double dollar", `\$1 $$1`, []string{"one"}, `\one $one`},
		{"empty args", "[$ARGUMENTS][$@][$1]", nil, "[][][]"},
		{"empty slot kept", "$@", []string{"a", "", "c"}, "a  c"},
		{"whitespace in values preserved", "$1|$@", []string{"a\tb\nc", "  d"}, "a\tb\nc|a\tb\nc   d"},
		{"unicode values", "$1", []string{"日本語 😀"}, "日本語 😀"},
		{"values not rescanned", "$1 $2 $3 $4", []string{"$1", "$@", "$ARGUMENTS", "${@:2}"}, "$1 $@ $ARGUMENTS ${@:2}"},
		{"all not rescanned", "$@", []string{"$2", "x"}, "$2 x"},
		{"default used", "${1:-def1} ${3:-def3}", []string{"a"}, "a def3"},
		{"default for empty value", "${2:-d}", []string{"a", ""}, "d"},
		{"default for all", "${@:-none}|${ARGUMENTS:-none}", nil, "none|none"},
		{"all present", "${@:-none}|${ARGUMENTS:-none}", []string{"a", "b"}, "a b|a b"},
		{"default up to first brace", "${1:-a{b}c}", nil, "a{bc}"},
		{"default spans newline", "${1:-x\ny}", nil, "x\ny"},
		{"empty default", "[${1:-}]", nil, "[]"},
		{"unterminated default literal", "${1:-abc", []string{"v"}, "${1:-abc"},
		{"slice from", "${@:2}", []string{"a", "b", "c"}, "b c"},
		{"slice from with length", "${@:2:1}", []string{"a", "b", "c"}, "b"},
		{"slice zero is all", "${@:0}", []string{"a", "b"}, "a b"},
		{"slice zero with length", "${@:0:1}", []string{"a", "b"}, "a"},
		{"slice out of range", "[${@:5}]", []string{"a", "b"}, "[]"},
		{"slice length zero", "[${@:1:0}]", []string{"a", "b"}, "[]"},
		{"slice length clips", "${@:2:10}", []string{"a", "b", "c"}, "b c"},
		{"slices inside words and several", "x${@:1:1}y${@:3}z", []string{"a", "b", "c", "d"}, "xayc dz"},
		{"slice same pass as all", "$@ ${@:2}", []string{"$@", "b"}, "$@ b b"},
		{"malformed braces literal", "${@} ${@:} ${@:1:} ${x} ${1}", []string{"a"}, "${@} ${@:} ${@:1:} ${x} ${1}"},
		{"huge index", "[$99999999999999999999999][${@:99999999999999999999}][${99999999999999999999:-d}]", []string{"a"}, "[][][d]"},
		{"huge length", "${@:1:99999999999999999999}", []string{"a", "b"}, "a b"},
		{"readme example", "Create component $1 with features: $ARGUMENTS", []string{"Button", "onClick", "disabled"},
			"Create component Button with features: Button onClick disabled"},
		{"no dollar", "plain text", []string{"a"}, "plain text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Substitute(tt.content, tt.args); got != tt.want {
				t.Errorf("Substitute(%q, %q) = %q, want %q", tt.content, tt.args, got, tt.want)
			}
		})
	}
}

// TestOracleTplArgs replays the oracle case tpl-args: the template t.md
// with each input's argument string.
func TestOracleTplArgs(t *testing.T) {
	const tpl = "P1=[$1] P2=[$2] P10=[$10] ALL=[$@] ARGS=[$ARGUMENTS] D1=[${1:-def1}] D3=[${3:-def3}] DA=[${@:-none}] S2=[${@:2}] S21=[${@:2:1}] S0=[${@:0}] LIT=[$ $x \\$1 $$1]\n"
	tests := []struct{ args, want string }{
		{"one two three", "P1=[one] P2=[two] P10=[] ALL=[one two three] ARGS=[one two three] D1=[one] D3=[three] DA=[one two three] S2=[two three] S21=[two] S0=[one two three] LIT=[$ $x \\one $one]\n"},
		{"\"a b\" 'c d' e\"f g\"h", "P1=[a b] P2=[c d] P10=[] ALL=[a b c d ef gh] ARGS=[a b c d ef gh] D1=[a b] D3=[ef gh] DA=[a b c d ef gh] S2=[c d ef gh] S21=[c d] S0=[a b c d ef gh] LIT=[$ $x \\a b $a b]\n"},
		{"", "P1=[] P2=[] P10=[] ALL=[] ARGS=[] D1=[def1] D3=[def3] DA=[none] S2=[] S21=[] S0=[] LIT=[$ $x \\ $]\n"},
		{"$1 $@ ${@:1}", "P1=[$1] P2=[$@] P10=[] ALL=[$1 $@ ${@:1}] ARGS=[$1 $@ ${@:1}] D1=[$1] D3=[${@:1}] DA=[$1 $@ ${@:1}] S2=[$@ ${@:1}] S21=[$@] S0=[$1 $@ ${@:1}] LIT=[$ $x \\$1 $$1]\n"},
		{"a b c d e f g h i j k", "P1=[a] P2=[b] P10=[j] ALL=[a b c d e f g h i j k] ARGS=[a b c d e f g h i j k] D1=[a] D3=[c] DA=[a b c d e f g h i j k] S2=[b c d e f g h i j k] S21=[b] S0=[a b c d e f g h i j k] LIT=[$ $x \\a $a]\n"},
		{"\"\" x", "P1=[x] P2=[] P10=[] ALL=[x] ARGS=[x] D1=[x] D3=[def3] DA=[x] S2=[] S21=[] S0=[x] LIT=[$ $x \\x $x]\n"},
		{"x\ny", "P1=[x] P2=[y] P10=[] ALL=[x y] ARGS=[x y] D1=[x] D3=[def3] DA=[x y] S2=[y] S21=[y] S0=[x y] LIT=[$ $x \\x $x]\n"},
		{"\"unclosed quote here", "P1=[unclosed quote here] P2=[] P10=[] ALL=[unclosed quote here] ARGS=[unclosed quote here] D1=[unclosed quote here] D3=[def3] DA=[unclosed quote here] S2=[] S21=[] S0=[unclosed quote here] LIT=[$ $x \\unclosed quote here $unclosed quote here]\n"},
		{"don't stop", "P1=[dont stop] P2=[] P10=[] ALL=[dont stop] ARGS=[dont stop] D1=[dont stop] D3=[def3] DA=[dont stop] S2=[] S21=[] S0=[dont stop] LIT=[$ $x \\dont stop $dont stop]\n"},
		{"a\\\"b c", "P1=[a\\b c] P2=[] P10=[] ALL=[a\\b c] ARGS=[a\\b c] D1=[a\\b c] D3=[def3] DA=[a\\b c] S2=[] S21=[] S0=[a\\b c] LIT=[$ $x \\a\\b c $a\\b c]\n"},
	}
	for _, tt := range tests {
		if got := Substitute(tpl, Parse(tt.args)); got != tt.want {
			t.Errorf("args %q:\n got %q\nwant %q", tt.args, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "a b", `"a b" 'c d' e"f g"h`, "don't stop", `a\"b c`, `"" " "`, "x\ny\u3000z", "\"unclosed"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := Parse(s)
		for _, a := range args {
			if a == "" {
				t.Fatalf("empty argument from %q", s)
			}
		}
		// Without quotes, arguments are the JS-whitespace-separated fields.
		if !strings.ContainsAny(s, `"'`) {
			joined := strings.Join(args, " ")
			again := Parse(joined)
			if !reflect.DeepEqual(again, args) {
				t.Fatalf("Parse(join(Parse(%q))) = %q, want %q", s, again, args)
			}
		}
	})
}

func FuzzSubstitute(f *testing.F) {
	for _, c := range []struct{ content, args string }{
		{"$1 $@ ${@:2} ${1:-d} ${@:0:1} $ARGUMENTS", "a b c"},
		{"\\$100 $$1 $ $x", ""},
		{"${@:-none} ${ARGUMENTS:-x}", "\"\""},
		{"${1:-a{b}", "q"},
	} {
		f.Add(c.content, c.args)
	}
	f.Fuzz(func(t *testing.T, content, argText string) {
		args := Parse(argText)
		got := Substitute(content, args)
		if !strings.Contains(content, "$") && got != content {
			t.Fatalf("content without $ changed")
		}
		// Values are never rescanned: arguments made of "$" placeholders
		// give the same length as arguments of the same length without "$"
		// (each value is inserted verbatim exactly where a plain value is).
		plain := make([]string, len(args))
		for i, a := range args {
			plain[i] = strings.Repeat("x", len(a))
		}
		if len(Substitute(content, plain)) != len(got) {
			t.Fatalf("values were rescanned: %q with %q -> %q", content, args, got)
		}
	})
}
