// fontd@fontd.org: the reader's text size in GNOME Shell's Quick Settings (fontd's docs/DESIGN.md §37 (The reader's
// control), "The GNOME Shell extension").
//
// Shared by both flavours. The `imports` flavour (GNOME 43–44) loads this file as it is: a top-level function is what
// a legacy module exports. `fontd desktop install` makes the ES-module flavour (GNOME 45 and later) by appending
// `export {fontdControl};`. Everything the Shell provides comes in through `shell`, so nothing here imports anything.
//
// The slider, the Bold Text toggle and the "Text & Reading…" item read and write the reader's preferences only through
// fontd's session-bus object, org.fontd.Fontd1: ReadAll when fontd appears, Changed to follow, Set to write. The
// Shell's own Large Text switch is left alone: it changes GNOME's text-scaling-factor, which fontd's GNOME bridge reads
// back as the nearest category, and that comes here as one more Changed.

/* exported fontdControl */
function fontdControl(shell) {
    const {Clutter, Gio, GLib, GObject, St, PopupMenu, QuickSettings, Main} = shell;

    const BUS_NAME = 'org.fontd.Fontd1';
    const OBJECT_PATH = '/org/fontd/Fontd1';
    const INTERFACE = 'org.fontd.Fontd1';
    // The twelve categories, smallest first; the slider's value is a category's index ÷ 11.
    const CATEGORIES = ['xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl', 'ax1', 'ax2', 'ax3', 'ax4', 'ax5'];
    const LAST_STEP = CATEGORIES.length - 1;
    // How long the slider must rest before its value is written: the contract allows 300 ms after the last move.
    const SETTLE_MILLISECONDS = 250;
    const ICON = 'preferences-desktop-font-symbolic';

    // A category as the slider names it: fontd's name in capitals, since a lone lower-case `l` reads as a bar.
    const shownName = step => CATEGORIES[step].toUpperCase();
    const stepOf = value => Math.max(0, Math.min(LAST_STEP, Math.round(value * LAST_STEP)));
    const stepOfCategory = name => CATEGORIES.indexOf(name);

    // fontd's object on the session bus: its preferences as it last told them, and Set.
    class FontdPreferences {
        constructor(onChange) {
            this._onChange = onChange;
            this.values = null;
            this._bus = Gio.DBus.session;
            this._cancellable = new Gio.Cancellable();
            this._changedId = this._bus.signal_subscribe(null, INTERFACE, 'Changed', OBJECT_PATH, null,
                Gio.DBusSignalFlags.NONE, (connection, sender, path, iface, signal, parameters) => {
                    this._take(parameters.deepUnpack()[0]);
                });
            this._watchId = Gio.bus_watch_name_on_connection(this._bus, BUS_NAME, Gio.BusNameWatcherFlags.NONE,
                () => this._call('ReadAll', null), () => this._take(null));
        }

        // Sets preferences by their bus keys (`{'content-size-category': 'ax2'}`); the answer is ReadAll after the
        // change, and a refusal (a bound, say) brings the controls back to what fontd holds.
        set(changes) {
            const variants = {};
            for (const [key, value] of Object.entries(changes))
                variants[key] = new GLib.Variant('s', value);
            this._call('Set', new GLib.Variant('(a{sv})', [variants]));
        }

        _call(method, parameters) {
            this._bus.call(BUS_NAME, OBJECT_PATH, INTERFACE, method, parameters, new GLib.VariantType('(a{sv})'),
                Gio.DBusCallFlags.NONE, -1, this._cancellable, (connection, result) => {
                    let answer;
                    try {
                        answer = connection.call_finish(result).deepUnpack()[0];
                    } catch (error) {
                        if (error.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED))
                            return;
                        console.warn(`fontd@fontd.org: ${method}: ${error.message}`);
                        answer = null;
                    }
                    this._take(answer ?? this.values);
                });
        }

        _take(answer) {
            if (answer === null) {
                this.values = null;
            } else {
                this.values = {};
                for (const [key, variant] of Object.entries(answer))
                    this.values[key] = variant instanceof GLib.Variant ? variant.deepUnpack() : variant;
            }
            this._onChange(this.values);
        }

        destroy() {
            this._cancellable.cancel();
            this._bus.signal_unsubscribe(this._changedId);
            Gio.bus_unwatch_name(this._watchId);
        }
    }

    // Opens fontd's control page: `fontd settings` (xdg-open on the server's page); if that cannot run, the server's
    // default address.
    function openControlPage() {
        try {
            const process = Gio.Subprocess.new(['fontd', 'settings'], Gio.SubprocessFlags.NONE);
            process.wait_check_async(null, (_, result) => {
                try {
                    process.wait_check_finish(result);
                } catch (error) {
                    Gio.AppInfo.launch_default_for_uri('http://127.0.0.1:8686/', null);
                }
            });
        } catch (error) {
            Gio.AppInfo.launch_default_for_uri('http://127.0.0.1:8686/', null);
        }
        Main.panel.closeQuickSettings?.();
    }

    // The slider: twelve steps, the step's category named beside it (`L`, `AX2`). A move — the reader's hand, the keyboard, or a
    // script setting `slider.value` — restarts the settle timer; when it fires, the step is written unless it is the
    // category fontd holds already. fontd's own changes move the slider with the handler blocked, so they are never
    // moves, and the comparison means that even a move back to fontd's value writes nothing: no echo, no loop.
    const TextSizeSlider = GObject.registerClass(
        class FontdTextSizeSlider extends QuickSettings.QuickSlider {
            _init(fontd) {
                super._init({iconName: ICON, menuEnabled: true});
                this._fontd = fontd;
                this.slider.accessible_name = 'Text Size';
                this._category = new St.Label({
                    style_class: 'fontd-category',
                    y_align: Clutter.ActorAlign.CENTER,
                    text: '',
                });
                this._category.set_style('min-width: 3em; text-align: center; font-weight: bold;');
                this.slider.get_parent().get_parent().insert_child_above(this._category, this.slider.get_parent());
                this._settleId = 0;
                this._valueId = this.slider.connect('notify::value', () => this._moved());
                this.slider.connect('key-press-event', (actor, event) => this._keyStep(event));
                this.slider.connect('scroll-event', (actor, event) => this._scrollStep(event));

                this.menu.setHeader(ICON, 'Text Size', 'fontd');
                this.menu.addAction('Text & Reading…', () => openControlPage());
                this.connect('destroy', () => this._stopSettling());
            }

            // fontd told its preferences (null: it left the bus).
            follow(values) {
                this.visible = values !== null;
                if (values === null || this._settleId !== 0)
                    return; // the reader is moving it: their value is written when it settles
                const step = stepOfCategory(values['content-size-category']);
                if (step < 0)
                    return;
                this.slider.block_signal_handler(this._valueId);
                this.slider.value = step / LAST_STEP;
                this.slider.unblock_signal_handler(this._valueId);
                this._category.text = shownName(step);
            }

            _moved() {
                this._category.text = shownName(stepOf(this.slider.value));
                this._stopSettling();
                this._settleId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, SETTLE_MILLISECONDS, () => {
                    this._settleId = 0;
                    this._settled();
                    return GLib.SOURCE_REMOVE;
                });
            }

            _settled() {
                const values = this._fontd.values;
                if (values === null)
                    return;
                const step = stepOf(this.slider.value);
                if (CATEGORIES[step] === values['content-size-category'])
                    this.follow(values); // back where fontd is: put the handle on the step exactly
                else
                    this._fontd.set({'content-size-category': CATEGORIES[step]});
            }

            _stopSettling() {
                if (this._settleId !== 0)
                    GLib.source_remove(this._settleId);
                this._settleId = 0;
            }

            // Arrow keys move one category (the Shell's slider would move a tenth, which skips categories).
            _keyStep(event) {
                const key = event.get_key_symbol();
                const delta = {
                    [Clutter.KEY_Right]: 1, [Clutter.KEY_Up]: 1, [Clutter.KEY_Left]: -1, [Clutter.KEY_Down]: -1,
                }[key];
                if (delta === undefined)
                    return Clutter.EVENT_PROPAGATE;
                this._step(delta);
                return Clutter.EVENT_STOP;
            }

            _scrollStep(event) {
                const delta = {
                    [Clutter.ScrollDirection.UP]: 1, [Clutter.ScrollDirection.DOWN]: -1,
                }[event.get_scroll_direction()];
                if (delta === undefined)
                    return Clutter.EVENT_PROPAGATE;
                this._step(delta);
                return Clutter.EVENT_STOP;
            }

            _step(delta) {
                const step = Math.max(0, Math.min(LAST_STEP, stepOf(this.slider.value) + delta));
                this.slider.value = step / LAST_STEP;
            }
        });

    // Bold Text: fontd's legibility weight, bold or regular.
    const BoldTextToggle = GObject.registerClass(
        class FontdBoldTextToggle extends QuickSettings.QuickToggle {
            _init(fontd) {
                super._init({label: 'Bold Text', iconName: 'format-text-bold-symbolic'});
                this.accessible_name = 'Bold Text';
                this._fontd = fontd;
                this.connect('clicked', () => this._fontd.set({'legibility-weight': this.checked ? 'regular' : 'bold'}));
            }

            follow(values) {
                this.visible = values !== null;
                if (values !== null)
                    this.checked = values['legibility-weight'] === 'bold';
            }
        });

    // The indicator that carries the two items into Quick Settings; destroying it removes them.
    const TextIndicator = GObject.registerClass(
        class FontdTextIndicator extends QuickSettings.SystemIndicator {
            _init() {
                super._init();
                // fontd answers on the main loop, after both items exist.
                this._fontd = new FontdPreferences(values => {
                    this._slider.follow(values);
                    this._bold.follow(values);
                });
                this._slider = new TextSizeSlider(this._fontd);
                this._bold = new BoldTextToggle(this._fontd);
                this.quickSettingsItems.push(this._slider, this._bold);
                this.connect('destroy', () => {
                    this._fontd.destroy();
                    this.quickSettingsItems.forEach(item => item.destroy());
                });
            }
        });

    // Quick Settings' place for an extension's items: `addExternalIndicator` since GNOME 44; in 43, the indicator box
    // and `_addItems`, as the Shell adds its own. The slider spans both columns, as the Shell's own sliders do.
    function addToQuickSettings(indicator) {
        const quickSettings = Main.panel.statusArea.quickSettings;
        if (quickSettings.addExternalIndicator) {
            quickSettings.addExternalIndicator(indicator, 2);
            return;
        }
        quickSettings._indicators.insert_child_at_index(indicator, 0);
        const [slider, ...toggles] = indicator.quickSettingsItems;
        quickSettings._addItems([slider], 2);
        quickSettings._addItems(toggles);
    }

    return {
        // Adds the items to Quick Settings; returns what to destroy on disable.
        enable() {
            const indicator = new TextIndicator();
            addToQuickSettings(indicator);
            return indicator;
        },
    };
}
