//go:build !unix

package sources

import "errors"

// errIsDir is the error of reading a directory as a file, which
// CheckRegular gives for any FS.
var errIsDir = errors.New("is a directory")
