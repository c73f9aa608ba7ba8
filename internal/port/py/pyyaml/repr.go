package pyyaml

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
)

// Str is Python's str(v): a string as it is, a date as 2024-01-01, a
// datetime as 2001-12-14 21:59:43.100000-05:00, everything else as
// [Repr] (True, 1000.0, ['a', 'b'], {'k': 1}, b'hi').
func Str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case Date:
		return x.iso()
	case DateTime:
		return x.iso(" ")
	}
	s := Repr(v)
	if len(s) > MaxReprLen {
		s = s[:MaxReprLen]
	}
	return s
}

// Repr is Python's repr(v). A list or dict that contains itself prints
// as [...] or {...} at the point of recursion, as in Python.
//
// Aliases can make a small document print as an exponentially long text
// (Python would run out of memory); the output is cut at [MaxReprLen]
// bytes.
func Repr(v any) string {
	var b strings.Builder
	r := reprer{b: &b, active: map[any]bool{}}
	r.write(v)
	return b.String()
}

// MaxReprLen bounds the length of what Str and Repr return.
const MaxReprLen = 1 << 20

type reprer struct {
	b      *strings.Builder
	active map[any]bool // containers being printed (recursion guard)
}

func (r reprer) write(v any) {
	b := r.b
	if b.Len() >= MaxReprLen {
		return
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("None")
	case bool:
		if x {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case *big.Int:
		b.WriteString(x.String())
	case int:
		b.WriteString(strconv.Itoa(x))
	case float64:
		b.WriteString(FloatRepr(x))
	case string:
		b.WriteString(pytext.Repr(x))
	case Bytes:
		b.WriteString(bytesRepr(x))
	case Date:
		fmt.Fprintf(b, "datetime.date(%d, %d, %d)", x.Year, x.Month, x.Day)
	case DateTime:
		b.WriteString(x.repr())
	case *List:
		if r.active[x] {
			b.WriteString("[...]")
			return
		}
		r.active[x] = true
		b.WriteByte('[')
		r.seq(x.Items)
		b.WriteByte(']')
		delete(r.active, x)
	case Tuple:
		b.WriteByte('(')
		r.seq(x)
		if len(x) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *Set:
		if x.d.Len() == 0 {
			b.WriteString("set()")
			return
		}
		b.WriteByte('{')
		r.seq(x.d.keys)
		b.WriteByte('}')
	case *Dict:
		if r.active[x] {
			b.WriteString("{...}")
			return
		}
		r.active[x] = true
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			r.write(k)
			b.WriteString(": ")
			r.write(x.vals[i])
		}
		b.WriteByte('}')
		delete(r.active, x)
	default:
		fmt.Fprint(b, v)
	}
}

func (r reprer) seq(items []any) {
	for i, e := range items {
		if i > 0 {
			r.b.WriteString(", ")
		}
		r.write(e)
	}
}

// FloatRepr is Python's repr() of a float: the shortest digits that round
// trip, in positional notation with at least one fractional digit
// (1000.0) unless the decimal exponent is below -4 or at least 16, then
// as 1e-05 or 1.5e+16.
func FloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	i := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[i+1:])
	if exp >= -4 && exp < 16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	mant, digits := e[:i], e[i+2:]
	if len(digits) < 2 {
		digits = "0" + digits
	}
	return mant + "e" + e[i+1:i+2] + digits
}

// bytesRepr is repr() of a bytes object.
func bytesRepr(x Bytes) string {
	quote := byte('\'')
	if strings.IndexByte(string(x), '\'') >= 0 && strings.IndexByte(string(x), '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.WriteString("b")
	b.WriteByte(quote)
	for _, c := range x {
		switch {
		case c == '\\' || c == quote:
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c >= 0x7F:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

func (d Date) iso() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

// iso is datetime.isoformat(sep).
func (t DateTime) iso(sep string) string {
	s := fmt.Sprintf("%s%s%02d:%02d:%02d", t.Date.iso(), sep, t.Hour, t.Minute, t.Second)
	if t.Microsecond != 0 {
		s += fmt.Sprintf(".%06d", t.Microsecond)
	}
	if t.Aware {
		off, sign := t.Offset, '+'
		if off < 0 {
			off, sign = -off, '-'
		}
		s += fmt.Sprintf("%c%02d:%02d", sign, off/3600, off/60%60)
		if off%60 != 0 {
			s += fmt.Sprintf(":%02d", off%60)
		}
	}
	return s
}

// repr is datetime.__repr__: trailing zero microsecond, then second, are
// left out; the timezone is datetime.timezone.utc or
// datetime.timezone(datetime.timedelta(...)).
func (t DateTime) repr() string {
	parts := []int{t.Year, t.Month, t.Day, t.Hour, t.Minute, t.Second, t.Microsecond}
	if parts[6] == 0 {
		parts = parts[:6]
		if parts[5] == 0 {
			parts = parts[:5]
		}
	}
	strs := make([]string, len(parts))
	for i, p := range parts {
		strs[i] = strconv.Itoa(p)
	}
	s := "datetime.datetime(" + strings.Join(strs, ", ")
	if t.Aware {
		s += ", tzinfo=" + tzRepr(t.Offset)
	}
	return s + ")"
}

func tzRepr(offset int) string {
	if offset == 0 {
		return "datetime.timezone.utc"
	}
	days := offset / 86400
	secs := offset % 86400
	if secs < 0 {
		days--
		secs += 86400
	}
	var args []string
	if days != 0 {
		args = append(args, fmt.Sprintf("days=%d", days))
	}
	if secs != 0 {
		args = append(args, fmt.Sprintf("seconds=%d", secs))
	}
	return "datetime.timezone(datetime.timedelta(" + strings.Join(args, ", ") + "))"
}
