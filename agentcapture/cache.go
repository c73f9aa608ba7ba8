package agentcapture

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/promptc/promptc/internal/atomicfile"
)

// Cache file names inside <cache>/<agent>/<version>/.
const (
	BaseFile  = "base.md"      // the base prompt, byte for byte as sent
	EntryFile = "capture.json" // the Entry describing it
)

// Entry describes one capture.
type Entry struct {
	Agent   string `json:"agent"`   // the command: claude, codex, gemini, opencode
	Version string `json:"version"` // the CLI's version, major.minor.patch
	Model   string `json:"model"`   // the model the CLI was run with ("" = its default)
	// Where names the place in the request the base was taken from.
	Where    string `json:"where"`
	Bytes    int    `json:"bytes"`
	SHA256   string `json:"sha256"`
	Captured string `json:"captured"` // RFC 3339 time of the capture
}

// CorruptError is a cache entry that cannot be trusted: unreadable JSON,
// a missing base file, or a base whose checksum or size differs from its
// entry's.
type CorruptError struct {
	Dir, Why string
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("corrupt capture in %s: %s (run promptc agents capture again)", e.Dir, e.Why)
}

// CacheDir is promptc's agents cache: $XDG_CACHE_HOME/promptc/agents, or
// ~/.cache/promptc/agents. getenv reads the environment.
func CacheDir(getenv func(string) string, home string) string {
	root := getenv("XDG_CACHE_HOME")
	if root == "" || !filepath.IsAbs(root) {
		root = filepath.Join(home, ".cache")
	}
	return filepath.Join(root, "promptc", "agents")
}

// EntryDir is the directory of one agent version's capture.
func EntryDir(cache, agent, version string) string {
	return filepath.Join(cache, agent, version)
}

// Store writes base and its entry under cache/<agent>/<version>/: each file
// is written to a temporary name in the same directory and renamed over
// the old one, base first, so a reader sees the old capture or the new
// one, and an interrupted store leaves no half-written file under a final
// name (a stale entry is caught by Load's checksum).
func Store(cache string, e Entry, base string) error {
	dir := EntryDir(cache, e.Agent, e.Version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sum := sha256.Sum256([]byte(base))
	e.SHA256, e.Bytes = hex.EncodeToString(sum[:]), len(base)
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(dir, BaseFile), []byte(base), 0o644); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, EntryFile), append(data, '\n'), 0o644)
}

// Check verifies an entry's JSON and base bytes read from dir: a
// *CorruptError when they do not agree.
func Check(dir string, entryJSON, base []byte) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(entryJSON, &e); err != nil {
		return Entry{}, &CorruptError{Dir: dir, Why: EntryFile + ": " + err.Error()}
	}
	sum := sha256.Sum256(base)
	switch {
	case e.Agent == "" || e.Version == "":
		return Entry{}, &CorruptError{Dir: dir, Why: EntryFile + " names no agent or version"}
	case len(base) != e.Bytes || hex.EncodeToString(sum[:]) != e.SHA256:
		return Entry{}, &CorruptError{Dir: dir, Why: fmt.Sprintf("%s is %d bytes with another checksum than the %d bytes %s records", BaseFile, len(base), e.Bytes, EntryFile)}
	}
	return e, nil
}

// Load reads and verifies the capture of agent at version. A capture
// that does not exist is an error wrapping fs.ErrNotExist.
func Load(cache, agent, version string) (Entry, string, error) {
	dir := EntryDir(cache, agent, version)
	ej, err := os.ReadFile(filepath.Join(dir, EntryFile))
	if err != nil {
		return Entry{}, "", err
	}
	base, err := os.ReadFile(filepath.Join(dir, BaseFile))
	if errors.Is(err, fs.ErrNotExist) {
		return Entry{}, "", &CorruptError{Dir: dir, Why: BaseFile + " is missing"}
	}
	if err != nil {
		return Entry{}, "", err
	}
	e, err := Check(dir, ej, base)
	return e, string(base), err
}

// Versions lists the versions captured for agent (the directories that
// hold an entry file), newest first.
func Versions(names []string) []string {
	out := append([]string(nil), names...)
	sort.Slice(out, func(i, j int) bool { return newer(out[i], out[j]) })
	return out
}

// newer compares dotted numeric versions; non-numeric parts compare as text.
func newer(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		if ea == nil && eb == nil {
			if na != nb {
				return na > nb
			}
			continue
		}
		if pa[i] != pb[i] {
			return pa[i] > pb[i]
		}
	}
	return len(pa) > len(pb)
}

// Captured lists the versions of agent that have an entry in cache,
// newest first.
func Captured(cache, agent string) ([]string, error) {
	ents, err := os.ReadDir(filepath.Join(cache, agent))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, d := range ents {
		if _, err := os.Stat(filepath.Join(cache, agent, d.Name(), EntryFile)); err == nil && d.IsDir() {
			names = append(names, d.Name())
		}
	}
	return Versions(names), nil
}
