// Package render draws a game's View as a PNG map with gg.
//
// Everything drawn comes from the View alone (DESIGN invariant 1: hidden
// information has one door): the renderer never sees a game state, so two
// states that give a viewer the same View give that viewer the same bytes.
//
// The pipeline is title-independent and imports no title. A title
// supplies a Board, in its own package (A Season in Hell's is
// render/hell): its size, its inks (kept exact in the PNG palette), a
// static layer (terrain, zones, lines, labels, frames) drawn once per
// Renderer and kept as the base image, and a dynamic layer drawn per view
// over a copy of it. The Board is registered under its View.Title:
//
//	r := render.New()
//	r.Register("hell", hellmap.NewBoard(data))
//
// Boards draw on a Canvas (gg, with the embedded fonts and helpers for
// text, flat rectangles and arrows) and may lay out their stacks and
// labels with the greedy Placer, so that they do not overlap. The dynamic
// layer is the cost of a cold map (issue 31: at most 1.2 times its own PNG
// encode), so what it draws often should not be rasterised every time: a
// mark always the same shape in the same place is a Shape, rasterised once
// and painted with the very pixels gg would give; a mark that moves, such
// as a counter, is a Sprite, drawn once and stamped at whole pixels; text
// is drawn from labels, each string's glyphs laid out once per face. What
// the dynamic layer is drawn over (the static layer, or it with a middle
// layer) is a ground, kept with its quantization: a map puts back and
// re-quantizes only the blocks a dynamic layer changed (ground.go).
// Finished PNGs are cached by the SHA-256 of the view's JSON, so an
// unchanged view costs a hash and a copy.
package render

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"runtime"
	"sync"

	"github.com/umpirebot/umpire/adjudicator"
)

// Board is one title's drawing of its map.
type Board interface {
	// Size is the image size in pixels.
	Size() image.Point
	// Inks lists the drawing's flat colours, in a fixed order: the PNG
	// palette holds them exactly, then greys and a colour cube for
	// anti-aliased edges (at most 256 in all).
	Inks() []color.RGBA
	// Static draws what no view changes: terrain, zones, lines, labels,
	// frames. It is called once per Renderer.
	Static(c *Canvas)
	// Dynamic draws one view over a copy of the static layer. It must
	// draw from v only, and deterministically.
	Dynamic(c *Canvas, v adjudicator.View) error
}

// Layered is implemented by Boards with a middle layer: what many views
// share and few orders change (Hell's trench levels), drawn over the
// static layer once per MiddleKey and kept, so that a cold map draws only
// what changes from view to view (issue 31: a cold map costs at most 1.2
// times its own PNG encode). Middle draws first; Dynamic then draws the
// rest, and the pair must give the very pixels that drawing both per view
// would.
type Layered interface {
	// MiddleKey names v's middle layer: views with the same key have
	// the same middle. It is computed from v only.
	MiddleKey(v adjudicator.View) (string, error)
	// Middle draws v's middle layer over a copy of the static layer.
	Middle(c *Canvas, v adjudicator.View) error
}

// MiddleCacheSize is the number of middle layers a Renderer keeps per
// title (the trench levels of the games a process serves now).
const MiddleCacheSize = 8

// CacheSize is the number of finished PNGs a Renderer keeps.
const CacheSize = 64

// Renderer turns Views into PNG maps. It is safe for concurrent use.
type Renderer struct {
	boards map[string]*layer // by View.Title

	// kits holds what one render needs (font faces, image buffers) per
	// concurrent render: a render takes one, which also bounds how many
	// draw at once (at most half the cores, so map requests never starve
	// order handling). A free list rather than a sync.Pool keeps the
	// glyph caches warm and the buffers allocated across collections.
	kits chan *kit

	nocache bool // tests: draw every time

	mu       sync.Mutex
	cache    map[[32]byte]*list.Element
	lru      *list.List // of *entry, most recent first
	inflight map[[32]byte]*call
}

type layer struct {
	board Board
	enc   *Encoder
	once  sync.Once
	base  *ground

	midMu sync.Mutex
	mids  []middle // most recently used first
}

// middle is a kept middle layer: the static layer with it drawn over.
type middle struct {
	key string
	g   *ground
}

type entry struct {
	key [32]byte
	png []byte
}

type call struct {
	done chan struct{}
	png  []byte
	err  error
}

// New returns a Renderer with no title: add each title's Board with
// Register.
func New() *Renderer {
	r := &Renderer{
		boards:   map[string]*layer{},
		cache:    map[[32]byte]*list.Element{},
		lru:      list.New(),
		inflight: map[[32]byte]*call{},
	}
	n := runtime.GOMAXPROCS(0) / 2
	if n < 1 {
		n = 1
	}
	r.kits = make(chan *kit, n)
	for i := 0; i < n; i++ {
		r.kits <- &kit{faces: newFaces()}
	}
	return r
}

// Register adds a title's Board, keyed by View.Title. Call it before the
// first PNG.
func (r *Renderer) Register(title string, b Board) {
	r.boards[title] = &layer{board: b, enc: NewEncoder(b.Inks())}
}

// PNG draws v. The returned slice belongs to the caller.
func (r *Renderer) PNG(v adjudicator.View) ([]byte, error) {
	l, ok := r.boards[v.Title]
	if !ok {
		return nil, fmt.Errorf("render: no map drawing for title %q", v.Title)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	key := sha256.Sum256(raw)
	if r.nocache {
		return r.draw(l, v)
	}

	r.mu.Lock()
	if el, ok := r.cache[key]; ok {
		r.lru.MoveToFront(el)
		b := el.Value.(*entry).png
		r.mu.Unlock()
		return bytes.Clone(b), nil
	}
	if c, ok := r.inflight[key]; ok {
		r.mu.Unlock()
		<-c.done
		return bytes.Clone(c.png), c.err
	}
	c := &call{done: make(chan struct{})}
	r.inflight[key] = c
	r.mu.Unlock()

	c.png, c.err = r.draw(l, v)

	r.mu.Lock()
	delete(r.inflight, key)
	if c.err == nil {
		r.cache[key] = r.lru.PushFront(&entry{key: key, png: c.png})
		for r.lru.Len() > CacheSize {
			old := r.lru.Back()
			r.lru.Remove(old)
			delete(r.cache, old.Value.(*entry).key)
		}
	}
	r.mu.Unlock()
	close(c.done)
	return bytes.Clone(c.png), c.err
}

// draw renders v without the cache.
func (r *Renderer) draw(l *layer, v adjudicator.View) ([]byte, error) {
	k := <-r.kits
	defer func() { r.kits <- k }()
	if _, err := r.drawOn(l, k, v); err != nil {
		return nil, err
	}
	return l.enc.encodeOver(k)
}

// drawOn draws v on the kit's image: a copy of the static layer (with the
// view's middle layer, for a Layered board), then the dynamic layer.
func (r *Renderer) drawOn(l *layer, k *kit, v adjudicator.View) (*image.RGBA, error) {
	g, err := r.base(l, k.faces)
	if err != nil {
		return nil, err
	}
	if lb, ok := l.board.(Layered); ok {
		if g, err = l.middle(lb, g, k.faces, v); err != nil {
			return nil, err
		}
	}
	if k.img == nil || k.img.Rect != g.img.Rect {
		k.img, k.over = image.NewRGBA(g.img.Rect), nil
	}
	k.restore(g)
	if err := l.board.Dynamic(newCanvas(k.img, k.faces), v); err != nil {
		return nil, err
	}
	return k.img, nil
}

// middle returns v's middle layer over base, drawn now or kept from an
// earlier view with the same key. Two renders may draw the same middle
// at once; both give the same pixels and one is kept.
func (l *layer) middle(lb Layered, base *ground, f *faces, v adjudicator.View) (*ground, error) {
	key, err := lb.MiddleKey(v)
	if err != nil {
		return nil, err
	}
	l.midMu.Lock()
	for i, m := range l.mids {
		if m.key == key {
			copy(l.mids[1:i+1], l.mids[:i])
			l.mids[0] = m
			l.midMu.Unlock()
			return m.g, nil
		}
	}
	l.midMu.Unlock()
	img := image.NewRGBA(base.img.Rect)
	copy(img.Pix, base.img.Pix)
	if err := lb.Middle(newCanvas(img, f), v); err != nil {
		return nil, err
	}
	g := &ground{img: img}
	l.midMu.Lock()
	l.mids = append([]middle{{key: key, g: g}}, l.mids...)
	if len(l.mids) > MiddleCacheSize {
		l.mids = l.mids[:MiddleCacheSize]
	}
	l.midMu.Unlock()
	return g, nil
}

// kit is one render's working set.
type kit struct {
	faces *faces
	img   *image.RGBA
	pal   *image.Paletted

	// drawn is the ground img was last drawn over; over, if not nil,
	// the ground img equals but in runs (see ground).
	drawn, over *ground
	runs        []changed
}

// base draws the static layer once.
func (r *Renderer) base(l *layer, f *faces) (*ground, error) {
	if err := loadFonts(); err != nil {
		return nil, fmt.Errorf("render: fonts: %w", err)
	}
	l.once.Do(func() {
		sz := l.board.Size()
		img := image.NewRGBA(image.Rect(0, 0, sz.X, sz.Y))
		l.board.Static(newCanvas(img, f))
		l.base = &ground{img: img}
	})
	return l.base, nil
}
