// Package sourcedate reads the reproducible-builds variable
// SOURCE_DATE_EPOCH (https://reproducible-builds.org/specs/source-date-epoch/),
// which pins "today" for a build: promptc's CLI honours it, and the case
// runner sets it so that a case gives the same prompt on any day.
package sourcedate

import (
	"fmt"
	"strconv"
	"time"
)

// Var is the name of the environment variable.
const Var = "SOURCE_DATE_EPOCH"

// Today returns the date, YYYY-MM-DD, that value pins: value is a decimal
// count of seconds since 1970-01-01T00:00:00Z and the date is the UTC date
// of that instant. An empty value pins nothing: the date is now's, in
// now's location. A value that is not a non-negative integer is an error,
// as the specification asks.
func Today(value string, now func() time.Time) (string, error) {
	if value == "" {
		return now().Format(time.DateOnly), nil
	}
	secs, err := strconv.ParseInt(value, 10, 64)
	if err != nil || secs < 0 || value[0] == '+' {
		return "", fmt.Errorf("%s=%q: want a non-negative integer count of seconds since the epoch", Var, value)
	}
	return time.Unix(secs, 0).UTC().Format(time.DateOnly), nil
}
