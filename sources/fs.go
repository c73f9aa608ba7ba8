package sources

// File access for kinds: absolute-path helpers on top of an io/fs file
// system rooted at "/". Kinds never touch package os: the CLI passes
// osfs.Root (package sources/osfs) and tests pass an in-memory or temp-dir FS. All functions take
// absolute, slash-separated paths as the reference agents see them and
// translate them into fs.FS names.

import (
	"errors"
	"io/fs"
	"path"
	"strings"
)

// FS is what promptc needs from a file system: reading files and
// directories, stat, and symlink inspection. osfs.Root implements it (and so
// does os.DirFS("/"), but see [ReadFile] for what it cannot do safely).
type FS interface {
	fs.FS
	fs.StatFS
	fs.ReadFileFS
	fs.ReadDirFS
	fs.ReadLinkFS
}

// Name converts an absolute path to an fs.FS name: "/" -> ".", "/a/b" -> "a/b".
// The path is cleaned first.
func Name(abs string) string {
	p := cleanAbs(abs)
	if p == "/" {
		return "."
	}
	return p[1:]
}

// IsClean reports whether p is an absolute path that path.Clean leaves
// as it is: no empty, "." or ".." element and no trailing slash.
func IsClean(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	if p == "/" {
		return true
	}
	if p[len(p)-1] == '/' {
		return false
	}
	// Every slash is followed by one element, not "", "." or "..". The
	// slashes are found with IndexByte, which skips the elements' bytes
	// a word at a time.
	for rest := p; ; {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			return true
		}
		rest = rest[i+1:] // not empty: p does not end with a slash
		if rest[0] == '/' || rest[0] == '.' && (len(rest) == 1 || rest[1] == '/' || rest[1] == '.' && (len(rest) == 2 || rest[2] == '/')) {
			return false
		}
	}
}

// Child is path.Join(dir, name). For a clean absolute dir and a name as
// a directory listing gives it (one element, not "." or "..") it only
// concatenates.
func Child(dir, name string) string { return DirOf(dir).Child(name) }

// Dir joins the entries of one directory to it as Child does, checking
// the directory once.
type Dir struct {
	path  string
	clean bool
}

// DirOf returns the Dir of dir.
func DirOf(dir string) Dir { return Dir{dir, IsClean(dir)} }

// Child is Child(d's path, name).
func (d Dir) Child(name string) string {
	if !d.clean || name == "" || name == "." || name == ".." || strings.IndexByte(name, '/') >= 0 {
		return path.Join(d.path, name)
	}
	if d.path == "/" {
		return "/" + name
	}
	return d.path + "/" + name
}

// Stat follows symlinks, like Node's statSync.
func Stat(fsys FS, abs string) (fs.FileInfo, error) { return fsys.Stat(Name(abs)) }

// Lstat does not follow a final symlink.
func Lstat(fsys FS, abs string) (fs.FileInfo, error) { return fsys.Lstat(Name(abs)) }

// ReadDir lists abs sorted by file name (byte order), like libuv's scandir.
func ReadDir(fsys FS, abs string) ([]fs.DirEntry, error) { return fsys.ReadDir(Name(abs)) }

// Exists reports whether abs exists, following symlinks (Node's existsSync).
func Exists(fsys FS, abs string) bool {
	_, err := Stat(fsys, abs)
	return err == nil
}

// IsFile reports whether abs is (or links to) a regular file.
func IsFile(fsys FS, abs string) bool {
	fi, err := Stat(fsys, abs)
	return err == nil && fi.Mode().IsRegular()
}

// IsDir reports whether abs is (or links to) a directory.
func IsDir(fsys FS, abs string) bool {
	fi, err := Stat(fsys, abs)
	return err == nil && fi.IsDir()
}

// ErrLoop reports too many symlinks while resolving a path.
var ErrLoop = errors.New("too many levels of symbolic links")

// Realpath resolves every symlink in abs, like realpath(3) and Node's
// fs.realpathSync. It fails when a component does not exist.
func Realpath(fsys FS, abs string) (string, error) {
	rest := strings.Split(strings.TrimPrefix(path.Clean("/"+abs), "/"), "/")
	resolved := "/"
	hops := 0
	for len(rest) > 0 {
		part := rest[0]
		rest = rest[1:]
		switch part {
		case "", ".":
			continue
		case "..":
			resolved = path.Dir(resolved)
			continue
		}
		next := path.Join(resolved, part)
		fi, err := Lstat(fsys, next)
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			resolved = next
			continue
		}
		hops++
		if hops > 40 {
			return "", &fs.PathError{Op: "realpath", Path: abs, Err: ErrLoop}
		}
		target, err := fsys.ReadLink(Name(next))
		if err != nil {
			return "", err
		}
		if strings.HasPrefix(target, "/") {
			resolved = "/"
		}
		rest = append(strings.Split(target, "/"), rest...)
	}
	return resolved, nil
}

// Classify reports whether abs is (or links to) a regular file; for a
// name that exists as something else it says what ("directory", "broken
// symbolic link", "special file (…)"), and "" for a missing one.
func Classify(fsys FS, abs string) (isFile bool, notFile string) {
	fi, err := Stat(fsys, abs)
	if err != nil {
		if lfi, lerr := Lstat(fsys, abs); lerr == nil && lfi.Mode()&fs.ModeSymlink != 0 {
			return false, "broken symbolic link"
		}
		return false, ""
	}
	switch {
	case fi.Mode().IsRegular():
		return true, ""
	case fi.IsDir():
		return false, "directory"
	}
	return false, "special file (" + fi.Mode().Type().String() + ")"
}
