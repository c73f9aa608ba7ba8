package pyyaml

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// List is a Python list. It is a pointer type so that a YAML alias can make
// a list contain itself, as PyYAML allows.
type List struct{ Items []any }

// Tuple is a Python tuple (the pairs of !!omap and !!pairs).
type Tuple []any

// Bytes is a Python bytes object (!!binary).
type Bytes []byte

// Set is a Python set (!!set); its members are the keys of a Dict.
type Set struct{ d Dict }

// Date is a datetime.date.
type Date struct{ Year, Month, Day int }

// DateTime is a datetime.datetime. When Aware, Offset is the UTC offset of
// its datetime.timezone in seconds.
type DateTime struct {
	Date
	Hour, Minute, Second, Microsecond int
	Aware                             bool
	Offset                            int
}

// Dict is a Python dict: insertion-ordered, keys compared by Python
// equality (1 == 1.0 == True). Setting an existing key keeps the first key
// object and its position and replaces the value.
type Dict struct {
	keys  []any
	vals  []any
	index map[string]int
}

// NewDict returns an empty dict.
func NewDict() *Dict { return &Dict{index: map[string]int{}} }

// Len is len(d).
func (d *Dict) Len() int { return len(d.keys) }

// Keys returns the keys in insertion order.
func (d *Dict) Keys() []any { return d.keys }

// Values returns the values in key order.
func (d *Dict) Values() []any { return d.vals }

// Set is d[key] = value. It fails with Python's TypeError text for an
// unhashable key.
func (d *Dict) Set(key, value any) error {
	h, err := hashKey(key)
	if err != nil {
		return err
	}
	if d.index == nil {
		d.index = map[string]int{}
	}
	if i, ok := d.index[h]; ok {
		d.vals[i] = value
		return nil
	}
	d.index[h] = len(d.keys)
	d.keys = append(d.keys, key)
	d.vals = append(d.vals, value)
	return nil
}

// Get is d.get(key); ok is false when the key is absent or unhashable.
func (d *Dict) Get(key any) (value any, ok bool) {
	if d == nil {
		return nil, false
	}
	h, err := hashKey(key)
	if err != nil {
		return nil, false
	}
	i, ok := d.index[h]
	if !ok {
		return nil, false
	}
	return d.vals[i], true
}

// Has is `key in d`.
func (d *Dict) Has(key any) bool {
	_, ok := d.Get(key)
	return ok
}

// Members returns the set's members in insertion order.
func (s *Set) Members() []any { return s.d.keys }

// Hashable reports whether v can be a dict key.
func Hashable(v any) bool {
	_, err := hashKey(v)
	return err == nil
}

// hashKey maps a hashable value to a string that is equal for exactly the
// values Python considers equal. NaN gets one key: PyYAML and json both
// reuse a single NaN object, and dict lookup tries identity first.
func hashKey(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "N", nil
	case bool:
		if x {
			return "i1", nil
		}
		return "i0", nil
	case *big.Int:
		return "i" + x.String(), nil
	case int:
		return "i" + strconv.Itoa(x), nil
	case float64:
		switch {
		case math.IsNaN(x):
			return "fnan", nil
		case math.IsInf(x, 0):
			return "f" + strconv.FormatFloat(x, 'g', -1, 64), nil
		case x == math.Trunc(x):
			b, _ := big.NewFloat(x).Int(nil)
			return "i" + b.String(), nil
		}
		return "f" + strconv.FormatFloat(x, 'g', -1, 64), nil
	case string:
		return "s" + x, nil
	case Bytes:
		return "b" + string(x), nil
	case Date:
		return fmt.Sprintf("d%d-%d-%d", x.Year, x.Month, x.Day), nil
	case DateTime:
		if x.Aware {
			return fmt.Sprintf("T%d.%06d", x.utcSeconds(), x.Microsecond), nil
		}
		return fmt.Sprintf("t%d-%d-%d %d:%d:%d.%06d", x.Year, x.Month, x.Day, x.Hour, x.Minute, x.Second, x.Microsecond), nil
	case Tuple:
		parts := make([]string, len(x))
		for i, e := range x {
			h, err := hashKey(e)
			if err != nil {
				return "", err
			}
			parts[i] = strconv.Quote(h)
		}
		return "(" + strings.Join(parts, ",") + ")", nil
	}
	return "", fmt.Errorf("unhashable type: '%s'", TypeName(v))
}

// utcSeconds counts seconds from 0001-01-01 UTC (for equality only).
func (t DateTime) utcSeconds() int64 {
	return ordinal(t.Year, t.Month, t.Day)*86400 + int64(t.Hour*3600+t.Minute*60+t.Second-t.Offset)
}

// TypeName is type(v).__name__.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case *big.Int, int:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case *List:
		return "list"
	case *Dict:
		return "dict"
	case Tuple:
		return "tuple"
	case Bytes:
		return "bytes"
	case *Set:
		return "set"
	case Date:
		return "date"
	case DateTime:
		return "datetime"
	}
	return fmt.Sprintf("%T", v)
}

// Truthy is Python's bool(v).
func Truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case *big.Int:
		return x.Sign() != 0
	case int:
		return x != 0
	case float64:
		return x != 0
	case string:
		return x != ""
	case *List:
		return len(x.Items) > 0
	case *Dict:
		return x.Len() > 0
	case Tuple:
		return len(x) > 0
	case Bytes:
		return len(x) > 0
	case *Set:
		return x.d.Len() > 0
	}
	return true
}

// daysIn is the number of days of month m in year y.
func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// ordinal is the proleptic Gregorian day number of a date (date.toordinal).
func ordinal(y, m, d int) int64 {
	y1 := int64(y - 1)
	n := y1*365 + y1/4 - y1/100 + y1/400
	for i := 1; i < m; i++ {
		n += int64(daysIn(y, i))
	}
	return n + int64(d)
}
