(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('spin-data').textContent);
  var recording = data.recording, settings = data.viewer, elements = recording.elements;
  function $(id) { return document.getElementById(id); }
  var root = $('viewer'), stage = $('stage'), frame = $('frame'), placeholder = $('placeholder'), ring = $('ring');
  var svg = 'http://www.w3.org/2000/svg';
  // Opens turned to 0°, the recording's start, showing the element nearest to it.
  var state = { angle: 0, index: nearest(0) };
  var imageStatus = {};
  var slotPaths = [];

  function wrap(angle) {
    var wrapped = angle % 360;
    if (wrapped < 0) wrapped += 360;
    return wrapped >= 360 ? 0 : wrapped;
  }
  // Recording.element(nearest:): smallest distance on the circle, the first in order on a tie.
  function nearest(angle) {
    var best = -1, bestDistance = Infinity;
    for (var i = 0; i < elements.length; i++) {
      var distance = Math.abs(((elements[i].angle - angle) % 360 + 540) % 360 - 180);
      if (distance < bestDistance) { bestDistance = distance; best = i; }
    }
    return best;
  }
  function degrees(value, decimals) { return value.toFixed(decimals) + '\u00b0'; }
  function signed(value, decimals) { return (value > 0 ? '+' : '') + value.toFixed(decimals) + '\u00b0'; }
  function imageURL(name) { return settings.imageBase + encodeURIComponent(name); }

  // Ring: 0° at the top, angles growing clockwise.
  function point(angle, radius) {
    var radians = angle * Math.PI / 180;
    return (radius * Math.sin(radians)).toFixed(3) + ' ' + (-radius * Math.cos(radians)).toFixed(3);
  }
  function arc(span, radius, sweep) {
    return 'A ' + radius + ' ' + radius + ' 0 ' + (span > 180 ? 1 : 0) + ' ' + sweep + ' ';
  }
  function sector(from, span, outer, inner) {
    span = Math.min(span, 359.99);
    var to = from + span;
    return 'M ' + point(from, outer) + ' ' + arc(span, outer, 1) + point(to, outer) +
      ' L ' + point(to, inner) + ' ' + arc(span, inner, 0) + point(from, inner) + ' Z';
  }
  function make(name, attributes, parent) {
    var node = document.createElementNS(svg, name);
    for (var key in attributes) node.setAttribute(key, attributes[key]);
    (parent || ring).appendChild(node);
    return node;
  }
  function drawRing() {
    var width = settings.slotWidth, gapBetween = settings.slotCount > 1 ? Math.min(0.8, width * 0.15) : 0;
    for (var slot = 0; slot < settings.slotCount; slot++) {
      var filled = settings.filled[slot];
      var path = make('path', {
        'class': 'slot ' + (filled ? 'filled' : 'empty'), 'data-slot': slot,
        d: sector(slot * width - width / 2 + gapBetween / 2, width - gapBetween, 100, 76)
      });
      make('title', {}, path).textContent = 'slot ' + slot + ' at ' + degrees(slot * width, 1) + (filled ? ', filled' : ', empty');
      slotPaths.push(path);
    }
    for (var i = 0; i < elements.length; i++) {
      make('circle', { 'class': 'dot', r: 1.5, transform: 'rotate(' + elements[i].angle + ')', cy: -88 });
    }
    // The largest gap: the most empty slots in a row (the metric max_gap_deg), from the lower
    // edge of its first slot.
    var gap = settings.largestGap;
    if (gap) {
      var d = gap.degrees >= 359.99
        ? 'M 0 -112 A 112 112 0 1 1 0 112 A 112 112 0 1 1 0 -112'
        : 'M ' + point(gap.from, 112) + ' ' + arc(gap.degrees, 112, 1) + point(gap.from + gap.degrees, 112);
      make('path', { id: 'gap', 'class': 'gap', d: d, 'data-from': gap.from, 'data-to': gap.to, 'data-degrees': gap.degrees });
      $('gap-size').textContent = degrees(gap.degrees, 1);
    } else {
      $('gap-size').textContent = 'none, every slot filled';
    }
    [0, 90, 180, 270].forEach(function (angle) {
      var label = make('text', { 'class': 'label', x: 0, y: 0 });
      var position = point(angle, 64).split(' ');
      label.setAttribute('x', position[0]);
      label.setAttribute('y', position[1]);
      label.textContent = angle + '\u00b0';
    });
    make('text', { id: 'ring-angle', 'class': 'centre', x: 0, y: -4 });
    make('text', { id: 'ring-sub', 'class': 'sub', x: 0, y: 18 }).textContent = 'turned to';
    var marker = make('g', { id: 'marker' });
    make('line', { x1: 0, y1: -70, x2: 0, y2: -124 }, marker);
    make('path', { d: 'M 0 -104 L -6 -124 L 6 -124 Z' }, marker);
  }

  function showImage(element) {
    var source = imageURL(element.image);
    $('placeholder-name').textContent = element.image;
    $('placeholder-path').textContent = 'looked for ' + source;
    if (frame.getAttribute('src') !== source) frame.setAttribute('src', source);
    applyImageStatus(element.image);
  }
  function applyImageStatus(name) {
    var status = imageStatus[name] || 'loading';
    root.setAttribute('data-image', status);
    frame.hidden = status === 'missing';
    placeholder.hidden = status !== 'missing';
    frame.alt = status === 'loaded' ? name : '';
  }
  function imageSettled(event) {
    var element = elements[state.index];
    if (!element || frame.getAttribute('src') !== imageURL(element.image)) return;
    imageStatus[element.image] = event.type === 'load' ? 'loaded' : 'missing';
    applyImageStatus(element.image);
  }
  frame.addEventListener('load', imageSettled);
  frame.addEventListener('error', imageSettled);
  function preload() {
    elements.forEach(function (element) {
      if (imageStatus[element.image]) return;
      var image = new Image();
      image.onload = image.onerror = function (event) {
        if (!imageStatus[element.image]) imageStatus[element.image] = event.type === 'load' ? 'loaded' : 'missing';
        if (elements[state.index] === element) applyImageStatus(element.image);
      };
      image.src = imageURL(element.image);
    });
  }

  function render() {
    root.setAttribute('data-angle', String(state.angle));
    root.setAttribute('data-index', String(state.index));
    $('view-angle').textContent = degrees(state.angle, 1);
    $('ring-angle').textContent = degrees(state.angle, 1);
    $('marker').setAttribute('transform', 'rotate(' + state.angle.toFixed(3) + ')');
    slotPaths.forEach(function (path) { path.classList.remove('current'); });
    var element = elements[state.index];
    if (!element) {
      root.setAttribute('data-image', 'none');
      frame.hidden = true;
      placeholder.hidden = false;
      placeholder.querySelector('.missing').textContent = 'This recording holds no images';
      return;
    }
    var slot = Math.round(element.angle / settings.slotWidth) % settings.slotCount;
    if (slotPaths[slot]) slotPaths[slot].classList.add('current');
    $('angle').textContent = degrees(element.angle, 1);
    $('pitch').textContent = signed(element.deviationPitch, 2);
    $('roll').textContent = signed(element.deviationRoll, 2);
    $('accel').textContent = element.acceleration.toFixed(3) + ' g';
    $('time').textContent = element.time.toFixed(2) + ' s';
    $('image-name').textContent = element.image;
    $('index').textContent = (state.index + 1) + ' of ' + elements.length;
    showImage(element);
  }
  function turnTo(angle) {
    if (!isFinite(angle)) return;
    state.angle = wrap(angle);
    state.index = nearest(state.angle);
    render();
  }
  function select(index) {
    if (!elements.length) return;
    state.index = ((index % elements.length) + elements.length) % elements.length;
    state.angle = elements[state.index].angle;
    render();
  }

  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var steps = { ArrowRight: state.index + 1, ArrowLeft: state.index - 1, Home: 0, End: elements.length - 1 };
    if (!(event.key in steps)) return;
    event.preventDefault();
    select(steps[event.key]);
  });
  var drag = null;
  stage.addEventListener('pointerdown', function (event) {
    if (event.button !== 0) return;
    drag = { id: event.pointerId, x: event.clientX, angle: state.angle };
    try { stage.setPointerCapture(event.pointerId); } catch (ignored) {}
    stage.classList.add('dragging');
    stage.focus({ preventScroll: true });
    event.preventDefault();
  });
  stage.addEventListener('pointermove', function (event) {
    if (!drag || event.pointerId !== drag.id) return;
    turnTo(drag.angle + (event.clientX - drag.x) * settings.dragDegreesPerPixel);
  });
  function endDrag(event) {
    if (!drag || event.pointerId !== drag.id) return;
    if (event.type === 'pointerup' && event.clientX !== drag.x) {
      turnTo(drag.angle + (event.clientX - drag.x) * settings.dragDegreesPerPixel);
    }
    drag = null;
    stage.classList.remove('dragging');
  }
  stage.addEventListener('pointerup', endDrag);
  stage.addEventListener('pointercancel', endDrag);
  function wheel(event) {
    var scale = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? stage.clientHeight : 1;
    var delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
    if (!delta) return;
    event.preventDefault();
    turnTo(state.angle + delta * scale * settings.wheelDegreesPerPixel);
  }
  stage.addEventListener('wheel', wheel, { passive: false });
  ring.addEventListener('wheel', wheel, { passive: false });
  ring.addEventListener('click', function (event) {
    var box = ring.getBoundingClientRect();
    var x = event.clientX - (box.left + box.width / 2), y = event.clientY - (box.top + box.height / 2);
    if (x * x + y * y < 1) return;
    turnTo(Math.atan2(x, -y) * 180 / Math.PI);
  });

  $('uid').textContent = recording.uid;
  document.title = 'Spin viewer: ' + recording.uid;
  var empty = settings.filled.filter(function (filled) { return !filled; }).length;
  var recorded = '';
  try {
    recorded = ' \u00b7 recorded ' + new Date(recording.date * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  } catch (ignored) {}
  $('summary').textContent = elements.length + ' images \u00b7 ' + settings.slotCount + ' slots of ' +
    degrees(settings.slotWidth, 1) + ', ' + empty + ' empty (coverage ' +
    ((settings.slotCount - empty) / settings.slotCount).toFixed(3) + ')' + recorded;
  $('empty-count').textContent = String(empty);
  $('drag-rate').textContent = String(settings.dragDegreesPerPixel);
  $('wheel-rate').textContent = String(settings.wheelDegreesPerPixel);
  drawRing();
  render();
  setTimeout(preload, 0);
  root.setAttribute('data-ready', 'true');
})();
