package pyyaml

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/promptc/promptc/internal/lazyre"
	"github.com/promptc/promptc/internal/port/py/pytext"
)

// constructBool is SafeConstructor.construct_yaml_bool.
func constructBool(value string) (any, error) {
	switch strings.ToLower(value) {
	case "yes", "true", "on":
		return true, nil
	case "no", "false", "off":
		return false, nil
	}
	return nil, fmt.Errorf("KeyError: %s", quoteRepr(strings.ToLower(value)))
}

// constructInt is SafeConstructor.construct_yaml_int.
func constructInt(value string) (any, error) {
	value = strings.ReplaceAll(value, "_", "")
	if value == "" {
		return nil, errors.New("IndexError: string index out of range")
	}
	sign := 1
	if value[0] == '-' {
		sign = -1
	}
	if value[0] == '+' || value[0] == '-' {
		value = value[1:]
	}
	var n *big.Int
	var err error
	switch {
	case value == "0":
		return big.NewInt(0), nil
	case strings.HasPrefix(value, "0b"):
		n, err = pyInt(value[2:], 2)
	case strings.HasPrefix(value, "0x"):
		n, err = pyInt(value[2:], 16)
	case value == "":
		return nil, errors.New("IndexError: string index out of range")
	case value[0] == '0':
		n, err = pyInt(value, 8)
	case strings.Contains(value, ":"):
		n = new(big.Int)
		base := big.NewInt(1)
		parts := strings.Split(value, ":")
		for i := len(parts) - 1; i >= 0; i-- {
			d, err := pyInt(parts[i], 10)
			if err != nil {
				return nil, err
			}
			n.Add(n, d.Mul(d, base))
			base = new(big.Int).Mul(base, big.NewInt(60))
		}
	default:
		n, err = pyInt(value, 10)
	}
	if err != nil {
		return nil, err
	}
	if sign < 0 {
		n.Neg(n)
	}
	return n, nil
}

// constructFloat is SafeConstructor.construct_yaml_float.
func constructFloat(value string) (any, error) {
	value = strings.ToLower(strings.ReplaceAll(value, "_", ""))
	if value == "" {
		return nil, errors.New("IndexError: string index out of range")
	}
	sign := 1.0
	if value[0] == '-' {
		sign = -1
	}
	if value[0] == '+' || value[0] == '-' {
		value = value[1:]
	}
	switch {
	case value == ".inf":
		return sign * math.Inf(1), nil
	case value == ".nan":
		return math.NaN(), nil
	case strings.Contains(value, ":"):
		parts := strings.Split(value, ":")
		f, base := 0.0, 1.0
		for i := len(parts) - 1; i >= 0; i-- {
			d, err := pyFloat(parts[i])
			if err != nil {
				return nil, err
			}
			f += d * base
			base *= 60
		}
		return sign * f, nil
	}
	f, err := pyFloat(value)
	if err != nil {
		return nil, err
	}
	return sign * f, nil
}

// toASCII is CPython's _PyUnicode_TransformDecimalAndSpaceToASCII, which
// int() and float() apply first: Unicode white space becomes " " and
// Unicode decimal digits become ASCII digits.
func toASCII(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case pytext.IsSpace(r):
			b.WriteByte(' ')
		default:
			if d, ok := decimalValue(r); ok {
				b.WriteByte(byte('0' + d))
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// pyInt is Python's int(s, base) for base 2, 8, 10 or 16, without
// underscores (callers remove them first, as PyYAML does).
func pyInt(s string, base int) (*big.Int, error) {
	orig := s
	bad := func() error {
		return fmt.Errorf("ValueError: invalid literal for int() with base %d: %s", base, quoteRepr(orig))
	}
	s = strings.Trim(toASCII(s), " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if len(s) >= 2 && s[0] == '0' {
		p := s[1] | 0x20
		if (base == 2 && p == 'b') || (base == 8 && p == 'o') || (base == 16 && p == 'x') {
			s = s[2:]
		}
	}
	if s == "" {
		return nil, bad()
	}
	for _, c := range s {
		d := -1
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'z':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int(c-'A') + 10
		}
		if d < 0 || d >= base {
			return nil, bad()
		}
	}
	n, ok := new(big.Int).SetString(s, base)
	if !ok {
		return nil, bad()
	}
	if neg {
		n.Neg(n)
	}
	return n, nil
}

var pyFloatRE = lazyre.New(`^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|(?i:inf|infinity|nan))$`)

// pyFloat is Python's float(s) for a string without underscores.
func pyFloat(s string) (float64, error) {
	t := strings.Trim(toASCII(s), " \t\n\v\f\r")
	if !pyFloatRE().MatchString(t) {
		return 0, fmt.Errorf("ValueError: could not convert string to float: %s", quoteRepr(s))
	}
	neg := t[0] == '-'
	body := strings.TrimLeft(t, "+-")
	var f float64
	switch strings.ToLower(body) {
	case "inf", "infinity":
		f = math.Inf(1)
	case "nan":
		return math.NaN(), nil
	default:
		var err error
		f, err = strconv.ParseFloat(body, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("ValueError: could not convert string to float: %s", quoteRepr(s))
		}
	}
	if neg {
		f = -f
	}
	return f, nil
}

// The constructor's timestamp pattern (SafeConstructor.timestamp_regexp).
var timestampCtorRE = lazyre.New(`^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)` +
	`(?:(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\.([0-9]*))?` +
	`(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$`)

// constructTimestamp is SafeConstructor.construct_yaml_timestamp, with
// datetime's range checks.
func constructTimestamp(value string) (any, error) {
	m := fullMatch(timestampCtorRE(), value)
	if m == nil {
		return nil, errors.New("AttributeError: 'NoneType' object has no attribute 'groupdict'")
	}
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	d := Date{atoi(m[1]), atoi(m[2]), atoi(m[3])}
	switch {
	case d.Year < 1:
		return nil, fmt.Errorf("ValueError: year %d is out of range", d.Year)
	case d.Month < 1 || d.Month > 12:
		return nil, errors.New("ValueError: month must be in 1..12")
	case d.Day < 1 || d.Day > daysIn(d.Year, d.Month):
		return nil, errors.New("ValueError: day is out of range for month")
	}
	if m[4] == "" {
		return d, nil
	}
	t := DateTime{Date: d, Hour: atoi(m[4]), Minute: atoi(m[5]), Second: atoi(m[6])}
	switch {
	case t.Hour > 23:
		return nil, errors.New("ValueError: hour must be in 0..23")
	case t.Minute > 59:
		return nil, errors.New("ValueError: minute must be in 0..59")
	case t.Second > 59:
		return nil, errors.New("ValueError: second must be in 0..59")
	}
	if frac := m[7]; frac != "" {
		if len(frac) > 6 {
			frac = frac[:6]
		}
		t.Microsecond = atoi(frac + strings.Repeat("0", 6-len(frac)))
	}
	switch {
	case m[9] != "":
		off := atoi(m[10])*3600 + atoi(m[11])*60
		if m[9] == "-" {
			off = -off
		}
		if off <= -86400 || off >= 86400 {
			return nil, errors.New("ValueError: offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24)")
		}
		t.Aware, t.Offset = true, off
	case m[8] != "":
		t.Aware = true
	}
	return t, nil
}

// constructBinary is SafeConstructor.construct_yaml_binary:
// value.encode('ascii') then base64.decodebytes, i.e. binascii.a2b_base64
// in its lenient mode (characters outside the alphabet are skipped,
// decoding stops at a complete padding).
func constructBinary(value string) (any, error) {
	for i, r := range value {
		if r >= 0x80 {
			return nil, fmt.Errorf("failed to convert base64 data into ascii: 'ascii' codec can't encode character in position %d", i)
		}
	}
	var out []byte
	quad, pads, left := 0, 0, 0
	for i := 0; i < len(value); i++ {
		c := value[i]
		if c == '=' {
			if quad >= 2 {
				pads++
				if quad+pads >= 4 {
					return Bytes(out), nil
				}
			}
			continue
		}
		v := b64val(c)
		if v < 0 {
			continue
		}
		pads = 0
		switch quad {
		case 0:
			quad, left = 1, v
		case 1:
			out = append(out, byte(left<<2|v>>4))
			quad, left = 2, v&0x0f
		case 2:
			out = append(out, byte(left<<4|v>>2))
			quad, left = 3, v&0x03
		case 3:
			out = append(out, byte(left<<6|v))
			quad, left = 0, 0
		}
	}
	switch quad {
	case 0:
		return Bytes(out), nil
	case 1:
		return nil, fmt.Errorf("failed to decode base64 data: Invalid base64-encoded string: number of data characters (%d) cannot be 1 more than a multiple of 4", len(out)/3*4+1)
	}
	return nil, errors.New("failed to decode base64 data: Incorrect padding")
}

func b64val(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}

func quoteRepr(s string) string { return Repr(s) }
