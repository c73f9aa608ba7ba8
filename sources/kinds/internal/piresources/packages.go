package piresources

import (
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsjson"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/sources"
)

// remotePrefixes mark package sources that are not local paths.
var remotePrefixes = []string{"npm:", "git:", "git+", "github:", "http://", "https://", "ssh://", "git@"}

func isRemote(source string) bool {
	for _, p := range remotePrefixes {
		if strings.HasPrefix(source, p) {
			return true
		}
	}
	return false
}

// addPackages adds the resources of the settings packages[] entries,
// project entries first; a package listed twice is read once (SKL-D1,
// Only local sources are read.
func (l *loader) addPackages(acc *accumulator, project, user settings) error {
	seen := map[string]bool{}
	for _, s := range []settings{project, user} {
		list, _ := s.data[l.layout.PackagesKey].([]any)
		for _, raw := range list {
			var source string
			var filter map[string]any
			switch v := raw.(type) {
			case string:
				source = v
			case map[string]any:
				source, _ = v["source"].(string)
				filter = v
			}
			if source == "" {
				continue
			}
			if isRemote(source) {
				l.rec.exclude(source, ReasonRemotePackage, s.file)
				continue
			}
			root := settingsPath(source, s.base, l.home)
			if seen[root] {
				continue
			}
			seen[root] = true
			files, off, err := l.packageFiles(root, filter, " in "+s.file)
			if err != nil {
				return err
			}
			for _, f := range files {
				l.add(acc, f, ScopePackage, rankPackage, off[f])
			}
		}
	}
	return nil
}

// packageFiles lists a local package's resources of the loader's kind: the
// entries of its manifest's list when it has one, else its conventional
// directory (skills/ walked in pi mode, prompts/ recursively, X-13). A
// settings filter list for the kind enables them with the X-7 patterns;
// an empty list disables them all. off maps disabled files to why.
func (l *loader) packageFiles(root string, filter map[string]any, where string) (files []string, off map[string]string, err error) {
	if !sources.IsDir(l.fsys, root) {
		if !sources.Exists(l.fsys, root) {
			l.rec.exclude(root, ReasonMissing, "package")
		}
		return nil, nil, nil
	}
	if entries, ok := l.manifestList(root); ok {
		plain, patterns := splitPatterns(entries)
		var roots []string
		for _, p := range plain {
			roots = append(roots, resolvePath(root, p))
		}
		all, err := l.collect(roots)
		if err != nil {
			return nil, nil, err
		}
		manifestOff := l.applyPatterns(all, patterns, root, " in "+sources.Child(root, l.layout.PackageManifest))
		for _, f := range all {
			if why, disabled := manifestOff[f]; disabled {
				l.rec.exclude(f, ReasonDisabled, why)
				continue
			}
			files = append(files, f)
		}
	} else {
		files, err = l.dirFiles(path.Join(root, l.conventionDir()), true)
		if err != nil {
			return nil, nil, err
		}
	}
	if filter == nil {
		return files, nil, nil
	}
	v, present := filter[l.key()]
	if !present {
		return files, nil, nil
	}
	patterns := stringList(v)
	if len(patterns) == 0 {
		off = map[string]string{}
		for _, f := range files {
			off[f] = fmt.Sprintf("empty %q list of the package%s", l.key(), where)
		}
		return files, off, nil
	}
	return files, l.applyPatterns(files, patterns, root, where), nil
}

func (l *loader) conventionDir() string {
	if l.kind == kindSkills {
		return l.layout.SkillsDir
	}
	return l.layout.PromptsDir
}

// manifestList returns the kind's list from the package manifest's
// ManifestKey object, when the manifest has a non-empty one.
func (l *loader) manifestList(root string) ([]string, bool) {
	file := sources.Child(root, l.layout.PackageManifest)
	b, err := sources.ReadFile(l.fsys, file)
	if err != nil {
		return nil, false
	}
	v, err := jsjson.Parse(l.rules.stripBOM(jsstr.DecodeUTF8(b)))
	if err != nil {
		return nil, false
	}
	m, _ := v.(map[string]any)
	manifest, ok := m[l.layout.ManifestKey].(map[string]any)
	if !ok {
		return nil, false
	}
	entries := stringList(manifest[l.key()])
	if len(entries) == 0 {
		return nil, false
	}
	l.rec.origin(file, "package-manifest", len(b))
	return entries, true
}
