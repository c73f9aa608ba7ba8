package casetest

import (
	"bytes"
	"fmt"

	"github.com/rogpeppe/go-internal/txtar"
)

// update rewrites the case file with want as its want: only the want
// file's data changes, every other byte is kept. A want that must be
// stored quoted (it has lines that look like file markers) gets an
// "unquote want" line in the fs file, which is created when missing; a
// missing want is appended. The file is replaced atomically, keeping its
// mode ([WriteCaseFile]); a case file that is a symbolic link is not
// written.
func (c *Case) update(want []byte) error {
	raw, err := c.withWant(want)
	if err != nil {
		return err
	}
	return WriteCaseFile(c.Path, raw)
}

// withWant returns the case file's bytes with want as its want.
func (c *Case) withWant(want []byte) ([]byte, error) {
	a := c.arch
	stored := want
	quote := c.wantQuoted || txtar.NeedsQuote(want)
	if quote {
		q, err := txtar.Quote(want)
		if err != nil {
			return nil, fmt.Errorf("the prompt has lines that look like txtar file markers and cannot be quoted: %v", err)
		}
		stored = q
	}
	var raw []byte
	if c.wantIndex >= 0 {
		raw = a.replace(c.wantIndex, stored)
	} else {
		raw = append([]byte(nil), a.raw...)
		if len(raw) > 0 && raw[len(raw)-1] != '\n' {
			raw = append(raw, '\n')
		}
		raw = append(append(raw, "-- want --\n"...), stored...)
	}
	if !quote || c.wantQuoted {
		return raw, nil
	}
	// Add "unquote want" to fs (re-parse: offsets moved).
	b := parseArchive(raw)
	for i, f := range b.files {
		if f.name == fsFile {
			data := b.text(f.data)
			return b.replace(i, append(append([]byte(nil), data...), "unquote want\n"...)), nil
		}
	}
	for i, f := range b.files {
		if f.name == wantFile {
			at := bytes.LastIndexByte(raw[:b.files[i].data.start-1], '\n') + 1 // the marker line
			out := append([]byte(nil), raw[:at]...)
			out = append(out, "-- fs --\nunquote want\n"...)
			return append(out, raw[at:]...), nil
		}
	}
	return nil, fmt.Errorf("internal error: no want file after writing it")
}
