from django.urls import path

from rules import api

urlpatterns = [
    path("rulings/", api.RulingCreateApi.as_view(), name="api-rulings"),
    path("rulings/<int:ruling_id>/", api.RulingDetailApi.as_view(), name="api-ruling"),
]
