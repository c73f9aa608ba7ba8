package casetest

import (
	"fmt"
	"strings"
)

// Error is one problem of a case file, at a line of it.
type Error struct {
	Path string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg) }

// ErrorList is every problem of a case file, in line order. Parse returns
// all of them at once.
type ErrorList []*Error

func (l ErrorList) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}
