package sandbox

import (
	"math"
	"reflect"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/flakylab/flakylab/sandbox/symbols"
)

// What the package variables refer to is shared by every run: the struct
// time.UTC points to (which time.Now().Location() returns too), the
// tables of unicode (unicode.Latin.R16[0]), the maps unicode.Categories
// and unicode.Scripts. A program can change it, through the variable or
// a copy of it (*time.UTC = ..., unicode.Latin.R16[0].Lo = 0), as it
// could in Go, where that lasts until the program ends. So each place
// (a struct, a slice element, a map) reachable from a variable is
// recorded once, with a shallow copy of its value at start-up, and after
// every run Run compares the places of the packages the program imported
// (and time's, which any time.Time leads to), puts back what changed and
// reports the run as not clean.

// place is a piece of shared memory a program could change, with the
// value it held at start-up.
type place struct {
	name  string        // the variable it was reached from: "unicode.Latin"
	at    reflect.Value // settable, or a map
	saved reflect.Value // a shallow copy of it
}

// changed reports whether the place no longer holds its saved value.
func (p place) changed() bool {
	if p.at.Kind() == reflect.Map {
		if p.at.Len() != p.saved.Len() {
			return true
		}
		for _, k := range p.saved.MapKeys() {
			v := p.at.MapIndex(k)
			if !v.IsValid() || !shallowEqual(v, p.saved.MapIndex(k)) {
				return true
			}
		}
		return false
	}
	return !shallowEqual(p.at, p.saved)
}

// restore puts the saved value back.
func (p place) restore() {
	if p.at.Kind() != reflect.Map {
		p.at.Set(p.saved)
		return
	}
	for _, k := range p.at.MapKeys() {
		if !p.saved.MapIndex(k).IsValid() {
			p.at.SetMapIndex(k, reflect.Value{})
		}
	}
	for _, k := range p.saved.MapKeys() {
		p.at.SetMapIndex(k, p.saved.MapIndex(k))
	}
}

// shallowEqual compares two values of the same type without following
// references: pointers, slices and maps are equal if they refer to the
// same memory (the memory itself is a place of its own).
func shallowEqual(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return a.Pointer() == b.Pointer()
	case reflect.Slice:
		return a.Pointer() == b.Pointer() && a.Len() == b.Len() && a.Cap() == b.Cap()
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return a.Elem().Type() == b.Elem().Type() && shallowEqual(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !shallowEqual(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Array:
		for i := range a.Len() {
			if !shallowEqual(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return math.Float64bits(real(x)) == math.Float64bits(real(y)) && math.Float64bits(imag(x)) == math.Float64bits(imag(y))
	case reflect.String:
		return a.String() == b.String()
	}
	return false
}

// placeFinder walks from the package variables to the places they
// reach, each once.
type placeFinder struct {
	name   string
	seen   map[[2]uintptr]bool // pointer and length (a slice and its first element share an address)
	places []place
}

func (f *placeFinder) add(v reflect.Value) {
	saved := reflect.New(v.Type()).Elem()
	saved.Set(v)
	f.places = append(f.places, place{name: f.name, at: v, saved: saved})
}

func (f *placeFinder) once(ptr uintptr, n int) bool {
	key := [2]uintptr{ptr, uintptr(n)}
	if ptr == 0 || f.seen[key] {
		return false
	}
	f.seen[key] = true
	return true
}

// walk records the shared memory v refers to; v itself is either the
// run's own copy (a variable) or inside a place already recorded.
func (f *placeFinder) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() && f.once(v.Pointer(), -1) {
			f.add(v.Elem())
			f.walk(v.Elem())
		}
	case reflect.Slice:
		if !v.IsNil() && f.once(v.Pointer(), v.Len()) {
			for i := range v.Len() {
				f.add(v.Index(i))
				f.walk(v.Index(i))
			}
		}
	case reflect.Map:
		if !v.IsNil() && f.once(v.Pointer(), -2) {
			saved := reflect.MakeMapWithSize(v.Type(), v.Len())
			for _, k := range v.MapKeys() {
				saved.SetMapIndex(k, v.MapIndex(k))
			}
			f.places = append(f.places, place{name: f.name, at: v, saved: saved})
			for _, k := range v.MapKeys() {
				f.walk(v.MapIndex(k))
			}
		}
	case reflect.Interface:
		if !v.IsNil() {
			f.walk(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				f.walk(v.Field(i))
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			f.walk(v.Index(i))
		}
	}
}

// sharedPlaces maps an import path to the places its variables reach;
// each package's are found on first use.
var sharedPlaces = struct {
	mu   sync.Mutex
	once map[string]*sync.Once
	of   map[string][]place
}{once: map[string]*sync.Once{}, of: map[string][]place{}}

func placesOf(importPath string) []place {
	sharedPlaces.mu.Lock()
	o := sharedPlaces.once[importPath]
	if o == nil {
		o = new(sync.Once)
		sharedPlaces.once[importPath] = o
	}
	sharedPlaces.mu.Unlock()
	o.Do(func() {
		if importPath == "time" {
			// time.Local is filled in on first use; do it now, so that
			// the first program to use it does not look like it changed
			// it.
			_ = time.Local.String()
		}
		f := &placeFinder{seen: map[[2]uintptr]bool{}}
		for key, table := range symbols.Symbols {
			if dirOf(key) != importPath {
				continue
			}
			names := make([]string, 0, len(table))
			for name := range table {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				if v := table[name]; isVar(v) {
					f.name = packageName(importPath) + "." + name
					f.walk(v)
				}
			}
		}
		sharedPlaces.mu.Lock()
		sharedPlaces.of[importPath] = f.places
		sharedPlaces.mu.Unlock()
	})
	sharedPlaces.mu.Lock()
	defer sharedPlaces.mu.Unlock()
	return sharedPlaces.of[importPath]
}

// recordShared records the places of the packages a program imports, and
// time's, if no earlier run did: before the program runs.
func recordShared(imports []string) {
	placesOf("time")
	for _, ip := range imports {
		placesOf(ip)
	}
}

// restoreShared puts back whatever the program changed in the shared
// memory of the packages it imported (and time's), and names the
// variables it was reached from.
func restoreShared(imports []string) []string {
	paths := append([]string{"time"}, imports...)
	var changed []string
	seen := map[string]bool{}
	for _, ip := range paths {
		if seen[ip] {
			continue
		}
		seen[ip] = true
		for _, p := range placesOf(ip) {
			if !p.changed() {
				continue
			}
			p.restore()
			if !seen["var "+p.name] {
				seen["var "+p.name] = true
				changed = append(changed, "what "+p.name+" refers to")
			}
		}
	}
	return changed
}

// importPaths lists the packages a parsed program imports.
func importPaths(p *program) []string {
	if p == nil || p.file == nil {
		return nil
	}
	var out []string
	for _, spec := range p.file.Imports {
		if ip, err := strconv.Unquote(spec.Path.Value); err == nil {
			out = append(out, ip)
		}
	}
	return out
}
