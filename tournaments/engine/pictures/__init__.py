"""Pictures of an event drawn as data: the top cut's bracket and a player's run through the rounds.

Pure Python, no Django: each module takes the numbers (seeds, names, results, places) and answers with boxes,
lines and labels at coordinates, which a template draws as SVG beside a table of the same numbers.
"""
