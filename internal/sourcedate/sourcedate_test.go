package sourcedate

import (
	"testing"
	"time"
)

func TestToday(t *testing.T) {
	now := func() time.Time { return time.Date(2030, 5, 6, 23, 30, 0, 0, time.FixedZone("X", -3600)) }
	tests := []struct {
		value, want, err string
	}{
		{"", "2030-05-06", ""},
		{"0", "1970-01-01", ""},
		{"1767225600", "2026-01-01", ""},
		{"1767311999", "2026-01-01", ""}, // the last second of the day, UTC
		{"1767312000", "2026-01-02", ""},
		{"-1", "", `SOURCE_DATE_EPOCH="-1": want a non-negative integer count of seconds since the epoch`},
		{"+5", "", `SOURCE_DATE_EPOCH="+5": want a non-negative integer count of seconds since the epoch`},
		{"2026-01-01", "", `SOURCE_DATE_EPOCH="2026-01-01": want a non-negative integer count of seconds since the epoch`},
		{" 5", "", `SOURCE_DATE_EPOCH=" 5": want a non-negative integer count of seconds since the epoch`},
	}
	for _, tc := range tests {
		got, err := Today(tc.value, now)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if got != tc.want || gotErr != tc.err {
			t.Errorf("Today(%q) = %q, %q; want %q, %q", tc.value, got, gotErr, tc.want, tc.err)
		}
	}
}
