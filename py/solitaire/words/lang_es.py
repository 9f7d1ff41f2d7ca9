"""El catálogo en español: las mismas claves y los mismos parámetros que
:mod:`solitaire.words.lang_en`, con las palabras de las páginas de reglas (columna, Cola, mazo,
base, celda, Ganable, Nueva partida, Pista, Diaria, Juego automático).

Un lugar (``place``, ``src``, ``dst``) se escribe con su artículo: «la columna 2»,
«la Cola», «el mazo».
"""

SPANISH: dict[str, str] = {
    # ---- el motor: por qué un movimiento no vale --------------------------------------
    "no_place": "{game} no tiene ningún lugar llamado '{name}'",
    "own_place": "las cartas no pueden moverse a su propio lugar",
    "count": "{place} tiene {held} carta(s), así que no se pueden mover {count}",
    "foundation_stays": "las cartas de una base se quedan allí",
    "stock_empty": "el mazo está vacío: ya se hicieron los {deals} repartos",
    "deal_notation": "el mazo reparte una carta en cada columna: escribe 'deal'",
    "foundation_top_only": "solo vuelve la carta de arriba de una base, y a una columna",
    "stock_takes_nothing": "nada vuelve al mazo",
    "runs_leave_alone": "las secuencias terminadas salen solas a una base",
    "tail_whole": "la Cola devuelve su secuencia solo entera ({count} cartas)",
    "not_a_run": ("esas {count} cartas no son una secuencia: solo las {run} de arriba de "
                  "{place} se mueven juntas"),
    "tail_full": "la Cola ya guarda una secuencia",
    "tail_single": "la Cola de {game} guarda una sola carta",
    "builds_down": ("{card} no puede ir sobre {onto}: una carta va sobre otra de un rango "
                    "más, o un Rey sobre un As"),
    "foundation_gave_back": ("esta partida ya no se puede ganar salvo que vuelvan todas las "
                             "cartas de {place}: esa base devolvió una carta, y una base solo "
                             "acepta una secuencia entera de 13, y solo cuando está vacía"),
    "not_a_group": ("esas {count} cartas no son un grupo del mismo palo: solo las {run} de "
                    "arriba de {place} se mueven juntas"),
    "foundation_one_at_a_time": "las cartas van a una base de una en una",
    "foundation_needs_ace": "{card} no puede ir a {place}: una base vacía empieza con un As",
    "ace_needs_empty": "{card} no puede ir a {place}: un As empieza una base vacía",
    "foundation_builds_up": "{card} no puede ir sobre {onto}: una base sube por palo",
    "cell_one": "una celda guarda una sola carta",
    "cell_full": "{place} está ocupada",
    "cell_to_cell": ("una carta de una celda vuelve a una columna o a una base, nunca a "
                     "otra celda"),
    "king_only": "solo un Rey, o un grupo que empieza por un Rey, ocupa una columna vacía",
    "builds_in_suit": "{card} no puede ir sobre {onto}: una columna baja por palo",
    "deal_notation_columns": "el mazo reparte una carta en cada columna: escribe 'deal'",
    "deal_needs_columns": ("para repartir hace falta que todas las columnas tengan cartas: "
                           "llena antes las vacías"),
    "not_a_column": ("'{name}' no es una columna: los movimientos van de columna a columna "
                     "(de la 1 a la 10)"),
    "face_down": "las cartas boca abajo no se mueven",
    "count_column": ("la columna {column} tiene {held} carta(s), así que no se pueden "
                     "mover {count}"),
    "one_suit_group": "solo se mueve junto un grupo descendente de un mismo palo",
    "builds_down_any_suit": "{card} no puede ir sobre {onto}: una carta va sobre otra de un rango más",
    # ---- el controlador -----------------------------------------------------------------
    "saved_unreadable": ("No se pudo leer tu partida guardada ({why}). Se guardó aparte como "
                         "'{key}' y empezó una partida nueva."),
    "stats_unreadable": ("No se pudieron leer tus estadísticas ({why}). Se guardaron aparte "
                         "como '{key}' y la cuenta empieza de nuevo."),
    "prefs_unreadable": ("No se pudieron leer tus ajustes ({why}). Se guardaron aparte como "
                         "'{key}' y vuelven los valores predeterminados."),
    "start_failed": "Algo falló al recuperar tu partida ({why}); aquí tienes una nueva.",
    "saved_held": ("No se pudo leer tu partida guardada ({why}) y no hay espacio para guardar "
                   "una copia aparte, así que sigue en '{key}', intacta. Esta partida solo se "
                   "conserva en esta pestaña hasta que haya espacio."),
    "stats_held": ("No se pudieron leer tus estadísticas ({why}) y no hay espacio para guardar "
                   "una copia aparte, así que siguen en '{key}', intactas. Las partidas nuevas "
                   "solo se cuentan en esta pestaña: expórtalas para conservarlas."),
    "prefs_held": ("No se pudieron leer tus ajustes ({why}) y no hay espacio para guardar una "
                   "copia aparte, así que siguen en '{key}', intactos; en esta pestaña rigen "
                   "los valores predeterminados."),
    "stats_held_offer": ("Las estadísticas guardadas aquí no se pueden leer y se dejan como "
                         "están. ¿Exportar las partidas contadas en esta pestaña?"),
    "stats_held_tab": ("Las estadísticas guardadas en '{key}' no se pueden leer y se dejan como "
                       "están, así que estas solo se conservan en esta pestaña: expórtalas "
                       "para conservarlas."),
    "export_now": "Exportar",
    "dismiss": "Ahora no",
    "saved_daily_refused": ("Tu partida guardada dice ser la diaria del {day}, pero el reparto "
                            "{number} no es el de ese día: sigue como un reparto normal."),
    "saved_daily_unchecked": ("Tu partida guardada dice ser la diaria del {day}; no se pudo "
                              "comprobar aquí, así que el reparto {number} sigue como un reparto "
                              "normal."),
    "no_game": "Este sitio no tiene ningún juego llamado '{name}'; aquí tienes Tabby Cat.",
    "bad_deal_link": "El número de partida de la dirección no es válido, así que aquí tienes tu partida.",
    "bad_daily_link": "Ese enlace de la diaria no es válido ({why}), así que aquí tienes tu partida.",
    "daily_not_out": "la diaria del {day} aún no ha salido",
    "bad_query": "No se pudo leer la dirección, así que aquí tienes tu partida.",
    "finding_winnable": "Buscando una partida ganable: probando la partida {number}\u2026",
    "new_deal_cancelled": "Nueva partida cancelada.",
    "no_winnable_found": "Esta vez no se encontró ninguna partida ganable; vuelve a intentarlo.",
    "deal_proved": "Partida {number}: el solucionador demostró que se puede ganar.",
    "deal_started": "Partida {number}.",
    "not_a_deal_number": ("'{text}' no es un número de partida: usa un número entero del 1 "
                          "al 18446744073709551615."),
    "dealing_daily": "Repartiendo la diaria del {day}\u2026",
    "daily_cancelled": "Partida diaria cancelada.",
    "daily_none": "No se pudo preparar ninguna partida diaria para el {day}.",
    "daily_started": "La partida diaria del {day}: el mismo tablero para todos.",
    "new_deal_dropped": "La búsqueda de una partida nueva se detuvo: se juega este tablero.",
    "hint_dropped": "La búsqueda de la pista se detuvo: la posición cambió.",
    "cannot_move": "Esa carta no se puede mover.",
    "no_deal": "No se puede repartir: {why}.",
    "cannot_drop": "No se puede soltar ahí: {why}",
    "restarted": "De vuelta al principio de esta partida. Deshacer recupera tus movimientos.",
    "restart_undone": "Tus movimientos han vuelto, como estaban antes de Reiniciar.",
    "nothing_to_pick": "Ahí no hay nada que tomar.",
    "picked": "Tomado de {place}: pulsa ahora la tecla del destino, o Esc para soltarlo.",
    "nothing_fits": "Nada de {place} puede ir ahí.",
    "cannot_choose": "Esa carta no se puede mover: elige una carta de una secuencia que pueda moverse.",
    "chosen_one": "{card} elegida de {place}: elige ahora adónde va (Esc para soltarla).",
    "chosen_many": ("{card} y las cartas que tiene encima, {count} cartas elegidas de "
                    "{place}: elige ahora adónde van (Esc para soltarlas)."),
    "unchosen": "Elección descartada.",
    "leave_game": ("Hay una partida en curso. ¿Dejarla por {game}? Contará como perdida."),
    "leave_yes": "Dejarla",
    "leave_no": "Seguir jugando",
    "game_won": "Has ganado.",
    "lost_reason": "{why}",
    "no_deals_left": "no quedan repartos",
    "write_failed_prefs": "No se pudieron guardar tus ajustes ({why}).",
    "looking_for_line": "Buscando una forma de ganar\u2026",
    "hint_move": "Pista: mueve {src} a {dst} (a {count} movimientos de ganar).",
    "hint_deal": "Pista: reparte (a {count} movimientos de ganar).",
    "no_line": "Desde aquí no hay forma de ganar.",
    "no_line_within": ("El solucionador no encontró forma de ganar desde aquí en "
                       "{budget} posiciones."),
    "looking_back": "Mirando atrás: la posición tras el movimiento {count}\u2026",
    "offer_undo_one": "Hace 1 movimiento aún se podía ganar. ¿Deshacer hasta allí?",
    "offer_undo_many": "Hace {back} movimientos aún se podía ganar. ¿Deshacer hasta allí?",
    "no_earlier_win": "No se pudo demostrar que ninguna posición anterior de esta partida se pueda ganar.",
    "undone_to_win": "Deshecho hasta una posición que aún se puede ganar. Vuelve a pedir una Pista.",
    # pistas justas (sin conocer las cartas boca abajo), "¿aún se puede ganar?", dificultad
    "looking_for_fair_hint": "Buscando una pista con lo que se ve\u2026",
    "hint_fair_move": ("Pista: mueve {src} a {dst}. Con lo que se ve, lleva a ganar en "
                       "{wins} de {samples} suposiciones sobre las cartas boca abajo."),
    "hint_fair_deal": ("Pista: reparte. Con lo que se ve, lleva a ganar en {wins} de "
                       "{samples} suposiciones sobre las cartas boca abajo."),
    "hint_fair_lost": ("Esta posición parece perdida: en las {samples} suposiciones sobre "
                       "las cartas boca abajo, el solucionador demostró que no hay forma de ganar."),
    "offer_full_check": "¿Comprobarlo conociendo todas las cartas, también las boca abajo?",
    "check_now": "Comprobar",
    "hint_fair_no_win": ("No hay pista: no se gana en ninguna de las {samples} suposiciones "
                         "sobre las cartas boca abajo ({lost} demostradas perdidas; en {open} "
                         "la búsqueda se agotó antes). Menú \u2192 ¿Aún se puede ganar? "
                         "pregunta al solucionador, que conoce las cartas boca abajo."),
    "hint_fair_ran_out": ("Aún no hay pista: en cada una de las {samples} suposiciones sobre "
                          "las cartas boca abajo la búsqueda agotó sus posiciones ({budget} en "
                          "total) sin encontrar cómo ganar. Menú \u2192 ¿Aún se puede ganar? "
                          "pregunta al solucionador, que conoce las cartas boca abajo."),
    "checking_winnable": "Comprobando, con todas las cartas conocidas, si aún se puede ganar\u2026",
    "still_winnable_yes": ("Sí: el solucionador, que conoce todas las cartas, demostró que "
                           "desde aquí aún se puede ganar ({count} movimientos)."),
    "check_cancelled": "Se canceló la comprobación.",
    "check_dropped": "La comprobación se detuvo: la posición cambió.",
    "finding_easy": "Buscando una partida fácil: valorando la partida {number}\u2026",
    "finding_medium": "Buscando una partida media: valorando la partida {number}\u2026",
    "finding_hard": "Buscando una partida difícil: valorando la partida {number}\u2026",
    "deal_easy": "Partida {number}: fácil.",
    "deal_medium": "Partida {number}: media.",
    "deal_hard": "Partida {number}: difícil.",
    "deal_easy_proved": "Partida {number}: fácil, y el solucionador demostró que se puede ganar.",
    "deal_medium_proved": "Partida {number}: media, y el solucionador demostró que se puede ganar.",
    "deal_hard_proved": "Partida {number}: difícil, y el solucionador demostró que se puede ganar.",
    "no_easy_found": "No se encontró ninguna partida fácil en {tries} intentos; vuelve a intentarlo.",
    "no_medium_found": "No se encontró ninguna partida media en {tries} intentos; vuelve a intentarlo.",
    "no_hard_found": "No se encontró ninguna partida difícil en {tries} intentos; vuelve a intentarlo.",
    "rating_easy": "fácil", "rating_medium": "media", "rating_hard": "difícil",
    "rating_title": ("Dificultad: cuántas veces gana esta partida un jugador sencillo en 20 "
                     "intentos (fácil: 5 o más; difícil: 1 o ninguna)"),
    "rating_none": "aún sin valorar",
    "day_won_rated": "{num}, {day}, ganada, {rating}",
    "day_played_rated": "{num}, {day}, jugada, {rating}",
    "day_plain_rated": "{num}, {day}, {rating}",
    "ui_still_winnable": "¿Aún se puede ganar?",
    "ui_still_winnable_title": ("Pregunta al solucionador, que conoce las cartas boca abajo: sí, "
                                "o no y dónde aún se podía ganar. La pista usa solo lo que ves."),
    "ui_show_win": "Muéstrame cómo ganar",
    "ui_show_win_title": ("El solucionador busca una forma de ganar desde aquí y la juega para "
                          "que la veas; puedes seguir tú desde cualquier punto."),
    "finding_win_to_show": "Buscando una forma de ganar para mostrártela\u2026",
    "offer_show_reveal": ("Para mostrar cómo ganar, el solucionador debe usar las cartas boca "
                          "abajo, y la repetición las mostrará. ¿Seguir?"),
    "show_yes": "Muéstramelo",
    "show_found": "Se gana en {count} movimientos desde aquí: mírala, o juega desde cualquier punto.",
    "show_cancelled": "Se canceló Muéstrame cómo ganar.",
    "show_dropped": "Muéstrame cómo ganar se detuvo: la posición cambió.",
    "ui_game_text": "Partida como texto",
    "ui_game_text_title": "Esta partida como texto para la línea de órdenes, o abrir una partida desde ese texto",
    "ui_game_text_help": ("Esta partida como la orden play de la línea de órdenes. Cópiala, o "
                          "pega una partida escrita así y ábrela."),
    "ui_copy": "Copiar",
    "ui_open": "Abrir",
    "text_copied": "Copiado al portapapeles.",
    "text_copy_yourself": "El portapapeles no está disponible aquí: el texto está seleccionado, cópialo tú.",
    "ui_difficulty": "Partidas nuevas",
    "ui_difficulty_any": "Cualquier dificultad",
    "ui_difficulty_easy": "Fáciles", "ui_difficulty_medium": "Medias", "ui_difficulty_hard": "Difíciles",
    "said_move": "{card} a {dst}.",
    "said_moves": "{count} cartas de {src} a {dst}.",
    "said_deal": "Repartido; quedan {left} repartos.",
    "said_deal_one": "Repartido; queda 1 reparto.",
    "said_auto": "{card} va sola a {dst}.",
    "said_bare": "{card} se descubre en {place}.",
    "said_run_off": "Secuencia completa: {runs} de {total}.",
    "said_undo": "Deshecho.",
    "said_undo_move": "Deshecho: {card} vuelve a {dst}.",
    "said_undo_deal": "Deshecho: el reparto.",
    "said_redo": "Rehecho.",
    "said_redo_move": "Rehecho: {card} a {dst}.",
    "said_redo_deal": "Rehecho: el reparto.",
    "said_selected": "{card}, elegida.",
    "place_empty": "{place}: sin cartas.",
    "place_down_only": "{place}: {down} boca abajo.",
    "place_one": "{place}: {top}.",
    "place_cards": "{place}: de {first} a {top}.",
    "place_run": "{place}: de {first} a {top}, secuencia desde {run}.",
    "place_down_one": "{place}: {down} boca abajo, luego {top}.",
    "place_down_cards": "{place}: {down} boca abajo, luego de {first} a {top}.",
    "place_down_run": "{place}: {down} boca abajo, luego de {first} a {top}, secuencia desde {run}.",
    "stock_name": "mazo: quedan {left} repartos.",
    "stock_name_one": "mazo: queda 1 reparto.",
    "stock_name_empty": "mazo: vacío.",
    "card_read": "{card}, {spoken}, {index} de {count}",
    "won_deal": "Partida {number} ganada en {moves} movimientos y {time}.",
    "won_daily": "Diaria del {day} ganada en {moves} movimientos y {time}.",
    "win_time": "Tiempo: {time}",
    "win_moves": "Movimientos: {moves}",
    "win_streak": "Racha de victorias: {streak} (mejor: {best})",
    "win_daily_won": "Diaria de hoy: ganada",
    "win_daily_lost": "Diaria de hoy: jugada, aún sin ganar",
    "win_daily_open": "Diaria de hoy: sin jugar todavía",
    "share_deal": "{game}, partida {number}: ganada en {moves} movimientos, {time}.",
    "share_daily": "{game}, diaria del {day}: ganada en {moves} movimientos, {time}.",
    "text_bad": "Ese texto no se puede abrir ({why}); tu partida sigue igual.",
    "text_opened": "Abierta desde el texto: {game}, reparto {number}, {moves} movimientos hechos.",
    "copied": "Copiado al portapapeles: {text}",
    "copy_this": "Copia este enlace: {text}",
    "share_with_link": "{result} {link}",
    "other_tab_game": ("Esta partida cambió en otra pestaña. ¿Cargar aquí esa partida, o "
                       "seguir con esta (se avisará a la otra pestaña)?"),
    "other_tab_loaded": "Se cargó la partida de la otra pestaña.",
    "other_tab_synced": "Esta partida avanzó en otra pestaña; aquí la tienes como está allí.",
    "other_tab_kept": "Se queda la partida de esta pestaña; ya está guardada.",
    "load_theirs": "Cargarla",
    "keep_mine": "Seguir con esta",
    "stats_exported": "Estadísticas exportadas.",
    "import_bad": "Ese archivo no es una exportación de estadísticas ({why}); no se cambió nada.",
    "import_offer": ("El archivo tiene {games}. ¿Combinarlo con tus estadísticas o "
                     "sustituirlas? Las tuyas se guardan como '{key}' en los dos casos."),
    "import_game": "{game}: {played} jugadas, {won} ganadas",
    "import_none": "ninguna partida terminada",
    "merge": "Combinar",
    "replace": "Sustituir",
    "cancel": "Cancelar",
    "imported_merged": "Estadísticas importadas y combinadas con las tuyas.",
    "imported_replaced": "Estadísticas importadas; sustituyen a las tuyas.",
    "import_cancelled": "Importación cancelada; no se cambió nada.",
    "write_failed_stats": ("No se pudieron guardar tus estadísticas ({why}); solo se "
                           "conservan en esta pestaña. Libera espacio para guardarlas."),
    "write_failed_game": ("No se pudo guardar tu partida ({why}); solo se conserva en esta "
                          "pestaña."),
    "write_failed": "el almacenamiento del navegador lo rechazó (lleno o bloqueado)",
    "game_too_long": "la partida es más larga de lo que puede ser una partida guardada",
    "undo": "Deshacer",
    "no": "No",
    "stats_title": "{game}: estadísticas",
    "stat_played": "Jugadas", "stat_won": "Ganadas", "stat_win_rate": "Porcentaje de victorias",
    "stat_streak": "Racha", "stat_best_streak": "Mejor racha", "stat_best_time": "Mejor tiempo",
    "stat_fewest_moves": "Menos movimientos", "stat_daily_streak": "Racha de diarias",
    "percent": "{value} %",
    "chart_none": "Aún no has terminado ninguna partida.",
    "chart_label": "Últimas {count} partidas: {won} ganadas",
    "chart_won": "{day}: ganada, {moves} movimientos",
    "chart_lost": "{day}: perdida, {moves} movimientos",
    "chart_older": "antes", "chart_latest": "ahora",
    "day_won": "{num}, {day}, ganada", "day_played": "{num}, {day}, jugada",
    "day_plain": "{num}, {day}",
    "month_year": "{month} de {year}",
    "month_1": "enero", "month_2": "febrero", "month_3": "marzo", "month_4": "abril",
    "month_5": "mayo", "month_6": "junio", "month_7": "julio", "month_8": "agosto",
    "month_9": "septiembre", "month_10": "octubre", "month_11": "noviembre",
    "month_12": "diciembre",
    "dow_0": "lu", "dow_1": "ma", "dow_2": "mi", "dow_3": "ju", "dow_4": "vi", "dow_5": "sá",
    "dow_6": "do",
    "deal_label": "Partida", "daily_label": "Diaria",
    # ---- registros: por qué no se leen la partida guardada, los ajustes, las estadísticas...
    "rec_not_text": "el registro no es texto",
    "rec_too_large": "el registro es demasiado grande ({chars} caracteres; como mucho, {most})",
    "rec_brackets": "el registro no es JSON válido (sus corchetes no cuadran)",
    "rec_too_deep": "el registro tiene más de {depth} niveles de anidamiento",
    "rec_not_json": "el registro no es JSON válido (línea {line}, columna {column})",
    "rec_not_number": "el registro contiene {value}, que no es un número",
    "rec_not_finite": "el registro contiene {value}, que no es un número finito",
    "rec_game_not_record": "la partida guardada no es un registro",
    "rec_game_version": "la partida guardada tiene la versión {version}, no la {expected}",
    "rec_game_unknown": "la partida guardada es de un juego desconocido: {name!r}",
    "rec_game_deal": "la partida guardada tiene un número de partida no válido: {value!r}",
    "rec_game_deal_range": "el número de la partida guardada está fuera de rango: los números de partida van del 1 al {most}",
    "rec_game_moves": "los movimientos de la partida guardada no son una lista de movimientos",
    "rec_game_clock": "la partida guardada tiene un reloj no válido: {value!r}",
    "rec_game_daily": "la partida guardada tiene una fecha de diaria no válida",
    "rec_game_field": "la partida guardada tiene un valor no válido en '{field}'",
    "rec_game_move": "el movimiento {number} de la partida guardada ({move!r}) falla: {why}",
    "rec_game_redo": "el movimiento {number} por rehacer de la partida guardada ({move!r}) falla: {why}",
    "rec_game_restart": "el registro del reinicio de la partida guardada falla: {why}",
    "rec_prefs_not_record": "los ajustes no son un registro",
    "rec_setting_not_bool": "el ajuste {name!r} no está ni activado ni desactivado",
    "rec_theme": "el tema no es ni claro ni oscuro",
    "rec_lang": "el idioma no es ninguno de los que tiene la página",
    "rec_difficulty": "la dificultad no es ni fácil, ni media, ni difícil",
    "rec_daily_cache": "la caché de diarias no es un registro",
    "rec_daily_cache_entry": "la caché de diarias tiene una entrada no válida",
    "rec_stats_not_record": "las estadísticas no son un registro de estadísticas",
    "rec_stats_newer": "las estadísticas son de una versión más nueva (esquema {schema})",
    "rec_stats_layout": "las estadísticas tienen una estructura desconocida (esquema {schema})",
    "rec_stats_field": "las estadísticas tienen un valor no válido en '{field}'",
    "rec_stats_too_many": "las estadísticas contienen demasiados resultados",
    "rec_stats_twice": "las estadísticas cuentan dos veces la partida {id!r}",
    "rec_stats_result": "las estadísticas tienen un resultado no válido",
    "rec_stats_result_id": "las estadísticas tienen un resultado con un identificador no válido",
    "rec_stats_result_field": "el resultado {id!r} de las estadísticas tiene un valor no válido en '{field}'",
    "rec_stats_game_name": "las estadísticas nombran un juego no válido",
    "rec_stats_game": "las estadísticas de {game_id!r} están dañadas",
    "rec_stats_game_field": "las estadísticas de {game_id!r} tienen un valor no válido en '{field}'",
    "rec_stats_more_won": "las estadísticas de {game_id!r} están dañadas (más ganadas que jugadas)",
    "rec_stats_streaks": "las estadísticas de {game_id!r} están dañadas (las rachas no cuadran)",
    "rec_stats_wins": "las estadísticas de {game_id!r} tienen un '{field}' que no cuadra con las victorias",
    "rec_stats_history": "las estadísticas de {game_id!r} tienen una entrada del historial no válida",
    "rec_stats_daily_day": "las estadísticas de {game_id!r} tienen una diaria cuya fecha no es válida: {day!r}",
    "rec_stats_daily": "las estadísticas de {game_id!r} tienen la diaria del {day} dañada",
    "rec_stats_too_many_games": "las estadísticas contienen demasiados juegos",
    "rec_stats_folded": "las estadísticas listan el resultado {id!r} que ya está en los totales",
    "rec_text_empty": "el texto está vacío: pega una partida escrita como python3 -m solitaire play --game JUEGO REPARTO MOVIMIENTOS",
    "rec_text_command": "el texto no es la orden python3 -m solitaire play",
    "rec_text_word": "la palabra {number} ({word!r}) no forma parte de la orden play",
    "rec_text_game": "el texto nombra un juego desconocido, {name!r}",
    "rec_text_no_deal": "el texto no tiene número de reparto",
    "rec_text_deal": "{word!r} no es un número de reparto: la página abre un número de reparto (de 1 a 2^64-1), no un archivo de posición",
    "rec_text_too_many": "el texto tiene {count} movimientos, como mucho {most}",
    "rec_text_not_move": "el movimiento {number} ({word!r}) no es un movimiento: se escriben como 1>3, 2>t*3 o deal",
    "rec_text_move": "el movimiento {number} ({move!r}) no se puede hacer: {why}",
    "rec_date_form": "fecha no válida {text!r}: escríbela AAAA-MM-DD, como 2027-01-01",
    "rec_date_day": "fecha no válida {text!r}: ese día no existe",
    "rec_date_range": "no hay partida diaria para el {text}: las diarias van del {first} al {last}",
    "rec_date_bad": "la fecha no es un día real escrito AAAA-MM-DD",
    "rec_daily_none": "no se demostró ganable ningún candidato del {day}",
    # ---- lugares y cartas -------------------------------------------------------------
    "place_pile": "la columna {number}",
    "place_cell": "la celda {number}",
    "place_foundation": "la base {number}",
    "place_tail": "la Cola",
    "place_stock": "el mazo",
    "place_piles": "las columnas",
    "game_tabbycat": "Tabby Cat", "game_tabbycat-relaxed": "Tabbycat relajado", "game_manx": "Manx",
    "game_tuxedo": "Tuxedo", "game_spider1": "Spider (un palo)",
    "game_spider2": "Spider (dos palos)", "game_spider4": "Spider (cuatro palos)",
    "game_short_tabbycat": "Tabby Cat", "game_short_tabbycat-relaxed": "Tabby relajado",
    "game_short_manx": "Manx", "game_short_tuxedo": "Tuxedo", "game_short_spider1": "Spider 1 palo",
    "game_short_spider2": "Spider 2 palos", "game_short_spider4": "Spider 4 palos",
    "card_name": "{rank} de {suit}",
    "rank_1": "as", "rank_11": "jota", "rank_12": "reina", "rank_13": "rey",
    "suit_S": "picas", "suit_H": "corazones", "suit_D": "diamantes", "suit_C": "tréboles",
    # ---- la página ----------------------------------------------------------------------
    "ui_site": "Solitario Tabby Cat",
    "game_pending": "{game}: Intro para jugarlo, Esc para seguir con {current}.",
    "ui_game": "Juego", "ui_choose_game": "Elige el juego",
    "ui_moves": "Movimientos", "ui_time": "Tiempo", "ui_runs": "Secuencias",
    "ui_controls": "Controles de la partida",
    "ui_new_deal": "Nueva partida", "ui_new_deal_key": "Nueva partida (N)",
    "ui_new_short": "Nueva",
    "ui_daily": "Diaria", "ui_daily_title": "La partida de hoy, la misma para todos",
    "ui_winnable": "Ganable",
    "ui_winnable_title": "Solo partidas que el solucionador ha demostrado que se pueden ganar",
    "ui_undo_key": "Deshacer (U o Ctrl+Z)", "ui_redo": "Rehacer",
    "ui_redo_key": "Rehacer (R o Ctrl+Y)",
    "ui_hint": "Pista", "ui_hint_key": "Pista (H)",
    "ui_menu": "Menú",
    "ui_menu_title": ("Menú: cómo jugar, reiniciar, compartir, número de partida, "
                      "estadísticas, diarias pasadas, ajustes"),
    "ui_table": "Mesa de cartas",
    "ui_searching": "Buscando\u2026",
    "ui_play_daily": "Jugar la diaria de hoy",
    "ui_you_won": "¡Has ganado!", "ui_share_result": "Compartir resultado",
    "ui_restart": "Reiniciar", "ui_restart_title": "Reiniciar esta partida",
    "ui_share": "Compartir", "ui_share_title": "Compartir un enlace a este tablero",
    "ui_deal_number": "Número de partida", "ui_deal_placeholder": "Partida n.º",
    "ui_play": "Jugar",
    "ui_statistics": "Estadísticas", "ui_chart": "Victorias y derrotas de las últimas partidas",
    "ui_settings": "Ajustes", "ui_four_colour": "Baraja de cuatro colores",
    "ui_autoplay": "Juego automático a las bases", "ui_theme": "Claro u oscuro",
    "ui_language": "Idioma", "ui_lang_auto": "Como el navegador",
    "ui_daily_deals": "Partidas diarias",
    "ui_prev_month": "Mes anterior", "ui_next_month": "Mes siguiente",
    "ui_export": "Exportar", "ui_import": "Importar", "ui_close": "Cerrar",
    "ui_shortcuts": "Atajos de una tecla", "ui_choose_first": "Toca una carta, luego su sitio",
    "ui_dark_theme": "Tema oscuro",
    "ui_keys": ("Teclas en la mesa: Tab o flechas hasta un lugar, Arriba y Abajo por sus "
                "cartas, Intro o Espacio sobre una carta la elige, luego Intro sobre un lugar "
                "la mueve allí, Esc descarta la elección \u00b7 Intro sobre un lugar mueve sus "
                "cartas adonde elige el juego \u00b7 atajos de una tecla (se quitan en el "
                "menú): el número de una columna (0 para la décima), T (Cola), C (celdas) o F "
                "(bases) toma un lugar, y luego su destino \u00b7 D reparte \u00b7 U deshacer "
                "\u00b7 R rehacer \u00b7 H pista \u00b7 N nueva partida \u00b7 Ctrl+Z, "
                "Ctrl+Y \u00b7 ? o F1 cómo jugar"),
    "ui_how_to_play": "Cómo jugar", "ui_how_to_play_key": "Cómo jugar (? o F1)",
    "ui_rules_loading": "Cargando las reglas\u2026",
    "ui_rules_failed": "No se pudieron cargar las reglas ({why}).",
    "ui_play_now": "Jugar a {game} ahora",
    "ui_intro_title": "Te damos la bienvenida a {game}",
    # la introducción de cada página de reglas (docs/rules/PÁGINA), un párrafo por línea
    "intro_tabbycat": ("Forma cuatro secuencias del Rey al As, con cartas de cualquier palo: una carta va "
                       "sobre cualquier carta de un rango más.\n"
                       "La Cola, junto a las columnas, aparca una secuencia mientras reordenas "
                       "las columnas; la secuencia solo vuelve entera.\n"
                       "Pulsa el mazo para repartir una carta en cada columna, cuando quieras."),
    "intro_tabbycat_relaxed": ("Forma cuatro secuencias de trece cartas, cada una bajando de "
                               "rango en rango desde cualquier carta, de cualquier palo.\n"
                               "La Cola, junto a las columnas, aparca una secuencia mientras "
                               "reordenas las columnas, y devuelve una carta o cualquier grupo "
                               "desde arriba.\n"
                               "Pulsa el mazo para repartir una carta en cada columna, cuando quieras."),
    "intro_manx": ("Forma cuatro secuencias del Rey al As, con cartas de cualquier palo: una carta va sobre "
                   "cualquier carta de un rango más.\n"
                   "La Cola, junto a las columnas, guarda una sola carta mientras reordenas las "
                   "columnas.\n"
                   "Pulsa el mazo para repartir una carta en cada columna, cuando quieras."),
    "intro_tuxedo": ("Lleva todas las cartas a las cuatro bases, cada una subiendo en un solo "
                     "palo del As al Rey.\n"
                     "Las columnas bajan en el mismo palo y solo un Rey ocupa una columna vacía; "
                     "cada una de las siete celdas guarda una carta.\n"
                     "Todas las cartas están boca arriba desde el principio: no hay mazo."),
    "intro_spider": ("Forma ocho secuencias del Rey al As, cada una de un solo palo: una "
                     "secuencia completa sale sola de la mesa.\n"
                     "Cualquier carta va sobre una de un rango más; solo se mueven juntas "
                     "cartas del mismo palo.\n"
                     "Pulsa el mazo para repartir una carta en cada columna, siempre que no "
                     "haya ninguna vacía."),
    "ui_intro_more": "En Menú \u2192 Cómo jugar (o con ?) están todas las reglas.",
    "ui_got_it": "Entendido",
    "slot_tail": "Cola",
    # ---- la pantalla de carga, antes de que arranque Python (web/boot.js) -------------
    "boot_loading": "Cargando\u2026",
    "boot_label": "Cargando el juego",
    "boot_pyscript": "Cargando PyScript\u2026",
    "boot_python": "Cargando Python\u2026",
    "boot_starting": "Iniciando Python\u2026",
    "boot_game": "Cargando el juego\u2026",
    "boot_update": "Hay una versión nueva: recargar",
}
